// SPDX-License-Identifier: GPL-3.0-or-later
// The baseline instances' protocols, checked from outside: the ML-KEM AKEs'
// secrets are recomputed here from the wire messages and the exported keys and
// states with the ML-KEM library and the ICCS helpers, and every protocol is
// attacked by a man in the middle who flips one bit of one message. Sizes and the
// properties all instances share are in test_builtin_instances.cpp.
#include "instance_driver.h"

#include "auxfunc.h"
#include "mlkem.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace kexbench::test;
namespace mlkem = kexbench::mlkem;

struct AkeCase {
    const char *name;
    const mlkem::Params *params;
    bool mutual; // B also encapsulates to A's static key
};

void PrintTo(const AkeCase &c, std::ostream *os) { *os << c.name; }

const AkeCase kAkeCases[] = {
    {"MLKEM-UAKE-512", &mlkem::kMlKem512, false},   {"MLKEM-UAKE-768", &mlkem::kMlKem768, false},
    {"MLKEM-UAKE-1024", &mlkem::kMlKem1024, false}, {"MLKEM-AKE-512", &mlkem::kMlKem512, true},
    {"MLKEM-AKE-768", &mlkem::kMlKem768, true},     {"MLKEM-AKE-1024", &mlkem::kMlKem1024, true},
};

Bytes slice(const Bytes &b, size_t from, size_t len) { return Bytes(b.begin() + from, b.begin() + from + len); }

Bytes decaps(const mlkem::Params &p, const Bytes &dk, const Bytes &ct)
{
    Bytes key(mlkem::kSharedBytes);
    EXPECT_EQ(dk.size(), p.dk_bytes);
    EXPECT_EQ(ct.size(), p.ct_bytes);
    EXPECT_EQ(mlkem::decaps(p, dk.data(), ct.data(), key.data()), mlkem::Status::ok);
    return key;
}

Bytes pseudo_xof(size_t out_bytes, const Bytes &in)
{
    Bytes out(out_bytes);
    EXPECT_EQ(pseudoXOF(8ull * out_bytes, in.data(), 8ull * in.size(), out.data()), 0);
    return out;
}

std::unique_ptr<InstanceLib> open_seeded(const std::string &name)
{
    std::string error;
    auto lib = InstanceLib::open(library_path(name), error);
    EXPECT_NE(lib, nullptr) << name << ": " << error;
    if (lib != nullptr) {
        EXPECT_TRUE(lib->reseed(harness_seed()));
    }
    return lib;
}

// Flips one bit of pass `target`'s message at byte `offset` (from its start).
Tamper flip_bit(unsigned target, size_t offset)
{
    return [=](unsigned k, unsigned char *msg, unsigned long long &len) {
        if (k == target && offset < len)
            msg[offset] ^= 0x01;
    };
}

class MlkemAke : public testing::TestWithParam<AkeCase> {
protected:
    void SetUp() override
    {
        lib_ = open_seeded(GetParam().name);
        ASSERT_NE(lib_, nullptr);
    }
    std::unique_ptr<InstanceLib> lib_;
};

// m1 = ek_e || c_B, m2 = [c_A ||] c_e, sta = dk_e || K_B || sm3(m1), and
// ss = pseudoXOF(256, "kexbench <name> v1" || K_e || K_B [|| K_A] || sm3(m1) || sm3(m2)),
// with every KEM key decapsulated here from the wire ciphertexts.
TEST_P(MlkemAke, SecretIsPseudoXofOverTheKemKeysAndTheTranscript)
{
    const AkeCase &c = GetParam();
    const mlkem::Params &p = *c.params;
    for (unsigned i = 0; i < 5; i++) {
        Transcript t;
        ASSERT_TRUE(run_exchange(*lib_, t)) << "exchange " << i;
        ASSERT_EQ(t.m.size(), 3u);
        EXPECT_EQ(t.pka.size(), c.mutual ? p.ek_bytes : 0u) << "UAKE's initiator has no static key";
        EXPECT_EQ(t.pkb.size(), p.ek_bytes);
        ASSERT_EQ(t.sta.size(), p.dk_bytes + 64);

        const Bytes &m1 = t.m[1], &m2 = t.m[2];
        const Bytes ek_e = slice(m1, 0, p.ek_bytes), c_b = slice(m1, p.ek_bytes, p.ct_bytes);
        const Bytes dk_e = slice(t.sta, 0, p.dk_bytes);
        // FIPS 203 dk = dk_pke (384k) || ek || H(ek) || z: the ephemeral key sent is the one kept.
        EXPECT_EQ(slice(dk_e, 384 * p.k, p.ek_bytes), ek_e);
        EXPECT_EQ(slice(t.sta, p.dk_bytes + 32, 32), sm3(m1));

        const Bytes k_e = decaps(p, dk_e, slice(m2, c.mutual ? p.ct_bytes : 0, p.ct_bytes));
        const Bytes k_b = decaps(p, t.skb, c_b);
        EXPECT_EQ(slice(t.sta, p.dk_bytes, 32), k_b);
        const std::string label = std::string("kexbench ") + c.name + " v1";
        Bytes kdf_in(label.begin(), label.end());
        const Bytes h1 = sm3(m1), h2 = sm3(m2);
        Bytes k_a;
        if (c.mutual)
            k_a = decaps(p, t.ska, slice(m2, 0, p.ct_bytes));
        for (const Bytes *part : std::initializer_list<const Bytes *>{&k_e, &k_b, &k_a, &h1, &h2})
            kdf_in.insert(kdf_in.end(), part->begin(), part->end());
        EXPECT_EQ(t.ssa, pseudo_xof(32, kdf_in)) << "exchange " << i;
    }
}

// ML-KEM's implicit rejection turns a modified ciphertext into an unrelated key, and
// the transcript hashes catch a modified public key: both sides end with different secrets.
TEST_P(MlkemAke, AModifiedMessageLeavesThePartiesWithDifferentSecrets)
{
    const mlkem::Params &p = *GetParam().params;
    const size_t m2_bytes = (GetParam().mutual ? 2 : 1) * p.ct_bytes;
    struct Flip {
        unsigned pass;
        size_t offset;
        const char *what;
    };
    for (const Flip &f : {Flip{1, 0, "ek_e"}, Flip{1, p.ek_bytes + 5, "c_B"}, Flip{2, 7, "first ciphertext of m2"},
                          Flip{2, m2_bytes - 1, "last byte of m2"}}) {
        Transcript t;
        const testing::AssertionResult r = run_exchange(*lib_, t, flip_bit(f.pass, f.offset));
        EXPECT_FALSE(r) << "a flipped bit in " << f.what << " went unnoticed";
        if (!r) {
            EXPECT_NE(std::string(r.message()).find("differ"), std::string::npos) << f.what << ": " << r.message();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Baselines, MlkemAke, testing::ValuesIn(kAkeCases),
                         [](const testing::TestParamInfo<AkeCase> &info) {
                             std::string n = info.param.name;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

// ---------------------------------------------------------------------------
// MLKEM-AKE-KC-768: passes 3 and 4 carry tags from the same KDF output as the key.

TEST(MlkemAkeKc, TagsAreTheKdfBlocksAfterTheKeyAndBothAreChecked)
{
    auto lib = open_seeded("MLKEM-AKE-KC-768");
    ASSERT_NE(lib, nullptr);
    Transcript t;
    ASSERT_TRUE(run_exchange(*lib, t));
    ASSERT_EQ(t.m.size(), 5u);
    ASSERT_EQ(t.stb.size(), 96u); // ss || tag_A || tag_B
    EXPECT_EQ(slice(t.stb, 0, 32), t.ssb);
    EXPECT_EQ(t.m[3], slice(t.stb, 32, 32)) << "m3 is tag_A";
    EXPECT_EQ(t.m[4], slice(t.stb, 64, 32)) << "m4 is tag_B";
    EXPECT_NE(t.m[3], t.m[4]);
    EXPECT_EQ(t.pass_rc, (std::vector<int>{0, 0, 0, 0, 1})) << "passes 1-3 return 0, pass 4 ends the exchange";

    Transcript bad_a;
    testing::AssertionResult r = run_exchange(*lib, bad_a, flip_bit(3, 0));
    ASSERT_FALSE(r) << "B accepted a wrong tag_A";
    EXPECT_NE(std::string(r.message()).find("pass 4 returned -5"), std::string::npos) << r.message();

    Transcript bad_b;
    r = run_exchange(*lib, bad_b, flip_bit(4, 31));
    ASSERT_FALSE(r) << "A accepted a wrong tag_B";
    EXPECT_NE(std::string(r.message()).find("kex_derive_ss_a returned -5"), std::string::npos) << r.message();

    // Tampering with the KEM messages shows up as a failed confirmation in pass 4,
    // before B ever uses the key.
    Transcript bad_m2;
    r = run_exchange(*lib, bad_m2, flip_bit(2, 100));
    ASSERT_FALSE(r);
    EXPECT_NE(std::string(r.message()).find("pass 4 returned -5"), std::string::npos) << r.message();
}

// ---------------------------------------------------------------------------
// SM2-KEX: m1 = R_A, m2 = R_B || S_B, m3 = S_A; each confirmation is checked by its receiver.

TEST(Sm2KexInstance, ConfirmationValuesAreCheckedOnBothSides)
{
    auto lib = open_seeded("SM2-KEX");
    ASSERT_NE(lib, nullptr);
    Transcript t;
    ASSERT_TRUE(run_exchange(*lib, t));
    EXPECT_EQ(t.pass_rc, (std::vector<int>{0, 0, 0, 1}));
    EXPECT_EQ(t.m[1][0], 0x04) << "R_A is an uncompressed point";
    EXPECT_EQ(t.m[2][0], 0x04) << "R_B is an uncompressed point";

    Transcript bad_sb;
    testing::AssertionResult r = run_exchange(*lib, bad_sb, flip_bit(2, 65 + 3));
    ASSERT_FALSE(r) << "A accepted a wrong S_B";
    EXPECT_NE(std::string(r.message()).find("pass 3 returned -7"), std::string::npos) << r.message();

    Transcript bad_sa;
    r = run_exchange(*lib, bad_sa, flip_bit(3, 0));
    ASSERT_FALSE(r) << "B accepted a wrong S_A";
    EXPECT_NE(std::string(r.message()).find("kex_derive_ss_b returned -8"), std::string::npos) << r.message();

    Transcript bad_ra; // R_A off the curve: B refuses it before answering
    r = run_exchange(*lib, bad_ra, flip_bit(1, 64));
    ASSERT_FALSE(r);
    EXPECT_NE(std::string(r.message()).find("pass 2 returned -3"), std::string::npos) << r.message();
}

} // namespace
