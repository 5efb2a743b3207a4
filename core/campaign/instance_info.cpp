// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/instance_info.h"

#include "core/base/untrusted.h"

#include <nlohmann/json.hpp>

namespace kexbench {

std::string meta_name_problem(const InstanceMeta &meta)
{
    if (std::string why = name_problem(meta.instance); !why.empty())
        return why;
    if (!meta.family.empty())
        return name_problem(meta.family, "family");
    return {};
}

std::string info_name_problem(const InstanceInfo &info)
{
    std::string why = meta_name_problem(info.meta);
    return why.empty() ? why : info.path + ": " + why;
}

std::string variant_label_problem(const std::string &label, const std::string &instance)
{
    const size_t at = label.find('@');
    if (at == std::string::npos)
        return "'" + printable(label) + "' is not NAME@VARIANT";
    const std::string name = label.substr(0, at), variant = label.substr(at + 1);
    if (std::string why = name_problem(variant, "variant name"); !why.empty())
        return why;
    if (name != instance)
        return "the library is instance " + printable(instance) + ", not " + printable(name) + " named in " +
               printable(label);
    return {};
}

void to_json(nlohmann::json &j, const InstanceMeta &m)
{
    j = {{"instance", m.instance},
         {"display_name", m.display_name},
         {"family", m.family},
         {"parameter_set", m.parameter_set},
         {"group", m.group},
         {"variant", m.variant},
         {"compiler", m.compiler},
         {"build_flags", m.build_flags},
         {"claimed_security_bits", m.claimed_security_bits},
         {"abi_version", m.abi_version}};
}

void from_json(const nlohmann::json &j, InstanceMeta &m)
{
    m.instance = j.at("instance").get<std::string>();
    m.display_name = j.value("display_name", m.instance);
    m.family = j.value("family", "");
    m.parameter_set = j.value("parameter_set", "");
    m.group = j.value("group", "");
    m.variant = j.value("variant", "");
    m.compiler = j.value("compiler", "");
    m.build_flags = j.value("build_flags", "");
    m.claimed_security_bits = j.value("claimed_security_bits", 0u);
    m.abi_version = j.value("abi_version", 0u);
}

void to_json(nlohmann::json &j, const Capacities &c)
{
    j = {{"passes", c.passes},
         {"pk_bytes", c.pk},
         {"sk_bytes", c.sk},
         {"sta_bytes", c.sta},
         {"stb_bytes", c.stb},
         {"ss_bytes", c.ss},
         {"total_msg_bytes", c.total_msg}};
}

void from_json(const nlohmann::json &j, Capacities &c)
{
    c.passes = j.at("passes").get<unsigned long long>();
    c.pk = j.at("pk_bytes").get<unsigned long long>();
    c.sk = j.at("sk_bytes").get<unsigned long long>();
    c.sta = j.at("sta_bytes").get<unsigned long long>();
    c.stb = j.at("stb_bytes").get<unsigned long long>();
    c.ss = j.at("ss_bytes").get<unsigned long long>();
    c.total_msg = j.at("total_msg_bytes").get<unsigned long long>();
}

void to_json(nlohmann::json &j, const InstanceInfo &info)
{
    j = {{"path", info.path},       {"meta", info.meta},
         {"capacities", info.caps}, {"exported_passes", info.exported_passes},
         {"machine", info.machine}, {"elf_load_bytes", info.elf_load_bytes}};
}

void from_json(const nlohmann::json &j, InstanceInfo &info)
{
    info.path = j.at("path").get<std::string>();
    info.meta = j.at("meta").get<InstanceMeta>();
    info.caps = j.at("capacities").get<Capacities>();
    info.exported_passes = j.value("exported_passes", std::vector<unsigned>{});
    info.machine = j.value("machine", "");
    info.elf_load_bytes = j.value("elf_load_bytes", uint64_t{0});
}

std::string describe_capacities(const Capacities &c)
{
    auto b = [](unsigned long long n) { return std::to_string(n) + " B"; };
    return "passes " + std::to_string(c.passes) + ", pk " + b(c.pk) + ", sk " + b(c.sk) + ", sta " + b(c.sta) +
           ", stb " + b(c.stb) + ", ss " + b(c.ss) + ", total msg " + b(c.total_msg);
}

} // namespace kexbench
