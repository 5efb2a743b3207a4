// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue: English text (the key, exactly as core composes it) and its
// Simplified Chinese form. Identifiers, file names and code stay as they are
// and are set as `code` in the Chinese text; numbers and units are arguments.
#include "core/base/i18n.h"

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kexbench {

namespace {

struct Entry {
    const char *en;
    const char *zh;
};

// clang-format off
const Entry kCatalogue[] = {
    // ---------------------------------------------------------------- title and introduction
    {"All candidates", "全部候选算法"},
    {"This campaign is incomplete: it was cancelled; {} of {} planned records were measured.",
     "本次测评不完整：已被取消；计划的 {2} 条记录中测得 {1} 条。"},
    {"This campaign is partial; {} of {} planned records were measured.",
     "本次测评仅部分完成；计划的 {2} 条记录中测得 {1} 条。"},
    {"This campaign failed: it measured nothing ({} of {} planned records).",
     "本次测评失败：没有测得任何记录（计划的 {2} 条记录中测得 {1} 条）。"},
    {" Planned but not measured: {}.", "已计划但未测量：{}。"},
    {"{} \u2014 performance on {} (emulated) (system {})", "{} \u2014 {} 上的性能（仿真）（系统 {}）"},
    {"{} \u2014 performance on {} (system {})", "{} \u2014 {} 上的性能（系统 {}）"},
    {"{} \u2014 performance (emulated) (system {})", "{} \u2014 性能（仿真）（系统 {}）"},
    {"{} \u2014 performance (system {})", "{} \u2014 性能（系统 {}）"},
    {"Rendered by kexbench from campaign data in the ngcc-harness layout.",
     "由 kexbench 根据 `ngcc-harness` 目录布局的测评数据生成。"},
    {"Measured and rendered by kexbench; {} of {} timing records carry per-iteration samples.",
     "由 kexbench 测量并生成；{2} 条计时记录中有 {1} 条带有逐次迭代样本。"},
    {" Sections follow the self-assessment report items (1)\u2013(7).", "各节依次对应自评估报告的第 (1)\u2013(7) 项。"},
    {"emulated with {}: timings are not measurements of {} hardware", "在 {} 下仿真运行：计时结果并非 {} 硬件上的实测值"},
    {"an emulator", "仿真器"},
    {"the target", "目标机器"},
    {"aarch64 (ARM)", "`aarch64`（ARM）"},

    // ---------------------------------------------------------------- 1. basic information
    {"Basic information", "基本信息"},
    {"all candidates in the dataset", "数据集中的全部候选算法"},
    {"Category: public-key algorithm; function: key exchange", "类别：公钥算法；功能：密钥交换"},
    {"Algorithm: {}", "算法：{}"},
    {"Implementation versions measured: {}", "所测实现版本：{}"},
    {"Parameter sets: {}", "参数集：{}"},

    // ---------------------------------------------------------------- 2. assessment environment
    {"Assessment environment", "评估环境"},
    {"item", "项目"},
    {"value", "取值"},
    {"processor", "处理器"},
    {"machine", "机器"},
    {"clock", "时钟"},
    {"memory", "内存"},
    {"OS / kernel", "操作系统 / 内核"},
    {"compiler / build tool", "编译器 / 构建工具"},
    {"campaign start / end (UTC)", "测评开始 / 结束（UTC）"},
    {"runner", "运行器"},
    {" (CPU {}, one core)", "（CPU {}，单核）"},
    {" ({} libraries)", "（{} 库）"},
    {"local", "本机"},
    {"emulated", "仿真"},
    {"ssh", "SSH 远程"},
    {"this machine", "本机"},
    {"fixed {} (minimum = maximum)", "固定 {}（最低 = 最高）"},
    {"fixed {} (governor {}, minimum = maximum)", "固定 {}（调速器 `{}`，最低 = 最高）"},
    {"max {}", "最高 {}"},
    {"max {}, governor {}", "最高 {}，调速器 `{}`"},
    {"measured {} (no cpufreq limit)", "实测 {}（无 `cpufreq` 限制）"},
    {"no cpufreq or clock-probe data", "无 `cpufreq` 或时钟探测数据"},
    {"turbo off", "睿频关闭"},
    {"turbo on", "睿频开启"},
    {"boost off", "加速频率关闭"},
    {"boost on", "加速频率开启"},
    {"SMT off", "SMT 关闭"},
    {"SMT none", "无 SMT"},
    {"SMT {}", "SMT `{}`"},
    {", ", "，"},
    {"Environment warnings recorded with the measurements", "随测量记录的环境警告"},
    {"warning", "警告"},
    {"records", "记录数"},
    // environment warnings (core/campaign/environment.cpp, core/base/clock.cpp), stored in the records
    {"frequency scaling: {} cpufreq governor is '{}', not 'performance'",
     "频率调节：{} 的 `cpufreq` 调速器为 `{}`，而非 `performance`"},
    {"frequency scaling: {} cpufreq min {} kHz != max {} kHz", "频率调节：{} 的 `cpufreq` 最低 {} kHz \u2260 最高 {} kHz"},
    {"turbo on: intel_pstate/no_turbo is 0", "睿频开启：`intel_pstate/no_turbo` 为 0"},
    {"turbo on: cpufreq boost is 1", "睿频开启：`cpufreq` 的 `boost` 为 1"},
    {"SMT on: CPU {} shares its core (thread_siblings_list {})",
     "SMT 开启：CPU {} 与其他逻辑 CPU 共用物理核（`thread_siblings_list` 为 {}）"},
    {"virtualised: the CPU reports a hypervisor; timings include its noise",
     "虚拟化：CPU 报告存在虚拟机监控器；计时结果包含其噪声"},
    {"no PMU: {}; figures are {}, not core cycles", "无 PMU：{}；数值为 {}，而非核心周期数"},
    {"perf_event_open cpu-cycles unavailable", "`perf_event_open` 的 `cpu-cycles` 不可用"},
    {"counter {} chosen", "选用了计数器 `{}`"},
    {"perf_event_open cpu-cycles failed ({})", "`perf_event_open` 的 `cpu-cycles` 打开失败（`{}`）"},
    {"perf_event_open cpu-cycles opened but the counter does not advance",
     "`perf_event_open` 的 `cpu-cycles` 已打开，但计数器不递增"},
    {"tsc exists only on x86-64", "`tsc` 仅在 x86-64 上可用"},
    {"cntvct_el0 exists only on aarch64", "`cntvct_el0` 仅在 `aarch64` 上可用"},
    {"unknown counter kind", "未知的计数器类型"},
    {"CPU pressure at the start: tasks waited for a CPU {} % of the last minute (/proc/pressure/cpu)",
     "开始时的 CPU 压力：最近一分钟内任务有 {} % 的时间在等待 CPU（`/proc/pressure/cpu`）"},
    {"TSC ticks at {}", "TSC 计数（频率：{}）"},
    {"cntvct_el0 counter ticks at {}", "`cntvct_el0` 计数器计数（频率：{}）"},
    {"CLOCK_MONOTONIC_RAW ns", "`CLOCK_MONOTONIC_RAW` 纳秒"},
    {"an unprobed rate", "未探测"},
    {"CPU {}", "CPU {}"},

    // ---------------------------------------------------------------- 3. functional testing
    {"Functional testing (KAT)", "功能测试（KAT）"},
    {"Every library's known-answer tests were run before timing; the status is the one recorded at build time, and "
     "section 7 lists each KAT log with its digest.",
     "每个库在计时之前都运行了已知答案测试（KAT）；状态为构建时记录的状态，第 7 节列出了每份 KAT 日志及其摘要。"},
    {"instance", "实例"},
    {"build flags", "构建选项"},
    {"KAT", "KAT"},
    {"unknown", "未知"},
    {"PASS", "通过"},
    {"MISMATCH", "结果不符"},
    {"NOKAT", "无测试向量"},
    {"OVERFLOW", "溢出"},
    {"ERROR", "错误"},
    {"FAIL", "未通过"},

    // ---------------------------------------------------------------- 4. performance
    {"Performance", "性能"},
    {"operation", "操作"},
    {"cycles", "周期"},
    {"counter ticks", "计数器计数"},
    {"TSC ticks", "TSC 计数"},
    {"ticks", "计数"},
    {"ns", "纳秒"},
    {"mean cycles", "平均周期数"},
    {"mean {}", "平均值（{}）"},
    {"mean cycles / ticks", "平均周期数 / 计数"},
    {"mean time", "平均时间"},
    {"ops/s", "每秒操作数"},
    {"median trial", "中位试验"},
    {"n (trials \u00d7 iters)", "n（试验 \u00d7 迭代）"},
    {"failed", "失败"},
    {"{} (disturbed)", "{}（受干扰）"},
    {"n/a: no trials", "不适用：无试验"},
    {"n/a: 1 trial", "不适用：仅 1 次试验"},
    {"n/a: {} trials reach {} % only", "不适用：{} 次试验仅达到 {} %"},
    {" (+{} retried)", "（另重试 {} 次）"},
    {"Trial-level figures (kexbench)", "试验级数据（kexbench）"},
    {"counter (unit)", "计数器（单位）"},
    {"trials", "试验数"},
    {"median of trial medians", "试验中位数的中位数"},
    {"95 % CI over trials", "试验间 95 % 置信区间"},
    {"mean \u2212 timer overhead", "平均值 \u2212 计时器开销"},
    {"median of trial medians (time)", "试验中位数的中位数（时间）"},
    {"stack (bytes)", "栈（字节）"},
    {"secret mismatches", "共享密钥不一致次数"},
    {"checks", "检查"},
    {"Counts are in the counter's unit. Each trial is one fresh runner process; its value is the median of its timed "
     "calls, and the central figure is the median of those trial medians. The interval is the distribution-free "
     "order-statistic 95 % confidence interval over trials (at least 6 trials are needed; with fewer the coverage "
     "[min, max] reaches is shown instead). The published method's figures above (mean over all timed calls, median "
     "trial) are unchanged. The overhead is the cheapest empty timer start/stop pair. A trial is retried when its "
     "speed probe ran more than 3 % slower than the campaign's fastest or it lost more than 1 % of its wall time.",
     "计数以计数器自身的单位表示。每次试验都是一个新启动的运行器进程，其数值为该试验各次计时调用的中位数；"
     "中心值为这些试验中位数的中位数。区间为基于次序统计量、不依赖分布的试验间 95 % 置信区间（至少需要 6 次试验；"
     "试验较少时改为给出 [最小值, 最大值] 所能达到的覆盖率）。上方按公开方法得出的数值（全部计时调用的平均值、"
     "中位试验）保持不变。开销取最便宜的一对空计时器启动/停止。若某次试验的速度探针比本次测评最快值慢 3 % 以上，"
     "或其损失的墙钟时间超过 1 %，该试验将重新运行。"},
    {"Consistency checks", "一致性检查"},
    {"check", "检查项"},
    {"result", "结果"},
    {"exchange vs sum of steps", "`exchange` 与各步骤之和"},
    {"differs: {}", "不一致：{}"},
    {"consistent: {}", "一致：{}"},
    {"exchange {} vs {} for the sum of its {} steps ({} %, mean over calls)",
     "`exchange` 为 {}，其 {3} 个步骤之和为 {2}（相差 {4} %，按调用取平均）"},
    {"Measured host load: {}.", "实测主机负载：{}。"},
    {"An exchange that differs from the sum of its own steps by more than 15 % was disturbed or is not what its steps "
     "add up to; both figures are the mean over calls. A step within 20 counter ticks of the timer overhead is "
     "timer-limited.",
     "若一次 `exchange` 与其自身各步骤之和相差超过 15 %，则说明它受到了干扰，或并不等于各步骤之和；两个数值均为按调用取的"
     "平均值。与计时器开销相差不超过 20 个计数器计数的步骤受计时器精度限制。"},
    // record flags (core/analysis/consistency.cpp) and disturbance reasons (core/campaign/campaign.cpp, core/campaign/health.cpp)
    {"timer-limited (median {} ticks, timer overhead {} ticks)", "受计时器精度限制（中位数 {} 计数，计时器开销 {} 计数）"},
    {"Counter of every row: {}.", "所有行的计数器：{}。"},
    {"timer-limited", "受计时器精度限制"},
    {"disturbed", "受干扰"},
    {"dropped tick pairs", "丢弃的计数对"},
    {"The checks column names each record's flags; the Consistency checks table below gives each in full.",
     "“检查”一栏只列出每条记录的标记名称；下方的一致性检查表给出每个标记的完整说明。"},
    {"disturbed: no clean attempt of some trial", "受干扰：某次试验没有一次未受干扰的尝试"},
    {"disturbed: no clean attempt of trial {} in {} attempts ({})", "受干扰：试验 {} 的 {} 次尝试均受到干扰（{}）"},
    {"{} tick pair(s) dropped (stop before start)", "丢弃了 {} 对计数（停止早于启动）"},
    {"speed probe {} slower than the campaign's fastest on CPU {}", "CPU {2} 上的速度探针比本次测评的最快值慢 {1}"},
    {"lost {} of its wall time (not running {})", "损失了 {} 的墙钟时间（未运行 {}）"},
    {"lost {} of its wall time (not running {}, run-queue wait {})", "损失了 {} 的墙钟时间（未运行 {}，运行队列等待 {}）"},
    {"lost {} of its wall time (not running {}, steal {})", "损失了 {} 的墙钟时间（未运行 {}，被窃取 {}）"},
    {"lost {} of its wall time (not running {}, run-queue wait {}, steal {})",
     "损失了 {} 的墙钟时间（未运行 {}，运行队列等待 {}，被窃取 {}）"},
    {"ran at {} of the fixed clock", "仅以固定时钟的 {} 运行"},
    {"other threads of the instance used {} of a CPU during the trial", "试验期间该实例的其他线程占用了单个 CPU 的 {}"},
    {"other threads of the instance used {} of a CPU during the trial ({} threads before it, {} after)",
     "试验期间该实例的其他线程占用了单个 CPU 的 {}（试验前 {} 个线程，试验后 {} 个）"},
    // measured host-load warnings (core/campaign/campaign.cpp)
    {"the speed probe varied by {} during the campaign: the machine's speed changed while it ran",
     "测评期间速度探针的波动达 {}：机器的运行速度在测评过程中发生了变化"},
    {"{} of {} trial attempts were disturbed; {} kept trial(s) never got a clean attempt",
     "{2} 次试验尝试中有 {1} 次受到干扰；{3} 次保留的试验始终没有未受干扰的尝试"},
    {"{} of {} trial attempts were disturbed, and every one was run again cleanly",
     "{2} 次试验尝试中有 {1} 次受到干扰，且每次都已重新运行并未受干扰"},
    {"the hypervisor stole {} s of CPU time during timed trials", "计时试验期间虚拟机监控器窃取了 {} s 的 CPU 时间"},
    {"CPU pressure: tasks waited for a CPU {} % of the last minute (/proc/pressure/cpu)",
     "CPU 压力：最近一分钟内任务有 {} % 的时间在等待 CPU（`/proc/pressure/cpu`）"},

    // ---------------------------------------------------------------- 5. resource consumption
    {"Resource consumption", "资源消耗"},
    {"Static memory is the sum of the library's loadable ELF segments (code, data and bss). Baseline and peak RSS "
     "belong to the whole measuring process, driver and libc included, so both figures are upper bounds for the "
     "algorithm itself.",
     "静态内存为该库所有可加载 ELF 段（代码、数据和 `bss`）之和。基线 RSS 与峰值 RSS 属于整个测量进程，包括驱动程序和 "
     "`libc`，因此这两个数值都是算法本身的上界。"},
    {"static: ELF image (bytes)", "静态：ELF 映像（字节）"},
    {"baseline RSS", "基线 RSS"},
    {"peak RSS", "峰值 RSS"},
    // kexbench's memory per operation (resources-kexbench; core/runner/heap_tracker.h, stack_probe.cpp)
    {"Memory per operation (kexbench)", "每次操作的内存（kexbench）"},
    {"heap peak (bytes)", "堆峰值（字节）"},
    {"allocations/op", "每次操作的分配次数"},
    {"stack peak (bytes)", "栈峰值（字节）"},
    {"the largest over {} exchanges after one warm-up exchange", "取一次预热交换之后 {} 次交换中的最大值"},
    {"the largest over the exchanges of the memory pass", "取内存测量轮各次交换中的最大值"},
    {"Memory per operation is kexbench's measurement of the operation alone, in an untimed pass of its own runner "
     "child (`docs/method.md`, \u201cMemory per operation\u201d). Heap peak: the highest level of live requested bytes "
     "above the level at the step's start, {}; allocations/op: allocating calls per operation, the mean over those "
     "exchanges; stack peak: the deepest stack use below the step's entry stack pointer, to the word, the return "
     "address not counted. `glibc`'s rounding of each block up to its usable size is not included. Peak RSS is the "
     "published method's column above, repeated here.",
     "每次操作的内存是 kexbench 对该操作本身的测量，在其自身的运行器子进程中以不计时的一轮单独进行（`docs/method.zh_CN.md`，"
     "\u201c每次操作的内存\u201d一节）。堆峰值：存活的请求字节数高出该步骤开始时水平的最高值，{}；每次操作的分配次数："
     "每次操作中进行分配的调用次数，取这些交换的平均值；栈峰值：低于该步骤入口栈指针的最深栈使用量，精确到机器字，不计返回"
     "地址。`glibc` 将每个内存块向上取整到其可用大小的部分不计入。峰值 RSS 即上表中公开方法的列，此处重复列出。"},
    {"every operation", "所有操作"},
    {"{} n/a for {}: {}.", "{2} 的{1}不适用：{3}。"},
    {"heap peak, allocations/op and stack peak", "堆峰值、每次操作的分配次数与栈峰值"},
    {"heap peak and allocations/op", "堆峰值与每次操作的分配次数"},
    {"stack peak", "栈峰值"},
    {"not measured by kexbench (the record has no kexbench samples)", "未由 kexbench 测量（该记录没有 kexbench 样本）"},
    {"not in the record: the memory pass did not run (`--no-memory`) or the record predates it",
     "记录中没有：未运行内存测量轮（`--no-memory`），或该记录早于内存测量轮"},
    {"skipped: the stack probe was off in this campaign (--no-stack)", "已跳过：本次测量关闭了栈探针（`--no-stack`）"},
    {"skipped: the heap pass was off in this campaign (--no-memory)", "已跳过：本次测量关闭了堆测量轮（`--no-memory`）"},
    {"not measured under a sanitizer (it owns the allocator)", "在内存检测工具下不测量（内存分配器由其接管）"},
    {"not measured under AddressSanitizer (it does not follow private stacks)",
     "在 `AddressSanitizer` 下不测量（它不跟踪私有栈）"},
    {"the stack probe has no thunk for this architecture", "栈探针没有适用于该架构的跳板代码"},
    {"cannot map a probe stack", "无法映射探针栈"},
    {"probe exchange: {}", "探针交换：{}"},
    {"heap exchange: {}", "堆测量交换：{}"},
    {"more than 65536 blocks allocated in the window were live at once", "窗口内分配的内存块同时存活的数量超过 65536 个"},
    {"runner answer without stack_bytes", "运行器的应答中没有 `stack_bytes`"},
    {"runner answer without heap figures", "运行器的应答中没有堆数值"},

    // ---------------------------------------------------------------- 6. transmission and storage overhead
    {"Transmission and storage overhead", "传输与存储开销"},
    {"Bandwidth adds every specified protocol message and each required long-term public key once; public keys are "
     "transmitted too. Certificates, identities supplied out of band and transport framing are not counted. The raw "
     "timing records are left unchanged.",
     "带宽为所有规定的协议消息与每个所需长期公钥（各计一次）之和；公钥同样需要传输。证书、带外提供的身份信息以及传输层"
     "封装均不计入。原始计时记录保持不变。"},
    {"passes", "轮数"},
    {"messages (bytes)", "消息（字节）"},
    {"total message bytes", "消息总字节数"},
    {"public key / secret key", "公钥 / 私钥"},
    {"shared secret", "共享密钥"},
    {"messages (bytes; raw API)", "消息（字节；原始 API）"},
    {"protocol-message bytes", "协议消息字节数"},
    {"public key A / B", "公钥 A / B"},
    {"bandwidth (bytes)", "带宽（字节）"},
    {"long-term sk (API cap)", "长期私钥（API 上限）"},
    {"{}: {}. A driver that presets the length to the message capacity, as the harness does, records a phantom "
     "full-size message here.",
     "{}：{}。若驱动程序像 `ngcc-harness` 那样预先把长度设为消息容量，此处就会记录一条并不存在的满长消息。"},
    {"pass{} never wrote its message length {}", "`pass{}` 未写入其消息长度 `{}`"},
    {"counted as 0 bytes", "按 0 字节计"},
    {"{}: only the responder (B) needs a long-term public key, so the initiator is not authenticated; compare with "
     "mutually authenticated exchanges with care.",
     "{}：只有响应方（B）需要长期公钥，因此发起方未经认证；与双向认证的密钥交换比较时请谨慎。"},
    {"{}: no protocol message is sent; the bandwidth is the two public keys alone.",
     "{}：不发送任何协议消息；带宽仅为两个公钥之和。"},
    {"{} is listed under {}: build the library with `build-instance --candidate {}` so its campaign uses that id",
     "{} 列在 {} 名下：请用 `build-instance --candidate {}` 构建该库，使其测评使用该编号"},
    {"it has no rows with an ID", "其中没有带编号的行"},
    {"it has {} rows for other instances", "其中只有其他实例的 {} 行"},
    {"it has {} rows; {}", "其中有 {} 行；{}"},
    {"No entry for {} in {} ({})", "{2} 中没有 {1} 的条目（{3}）"},
    {"No bandwidth accounting entry for {}", "没有 {} 的带宽核算条目"},
    {": protocol-message bytes are the API's total_msg_bytes and the public keys are the lengths init_a and init_b "
     "wrote in the measured exchange (the API's pk_bytes capacity for records without them), so the bandwidth is an "
     "API-based estimate.",
     "：协议消息字节数取 API 的 `total_msg_bytes`，公钥取所测密钥交换中 `init_a` 与 `init_b` 写入的长度（记录中没有时取 "
     "API 的 `pk_bytes` 容量），因此带宽是基于 API 的估计值。"},
    {"(No accounting file was given: pass a kex_bandwidth.csv with --accounting FILE, or put one in the campaign "
     "folder.)",
     "（未提供核算文件：请用 `--accounting FILE` 传入 `kex_bandwidth.csv`，或将其放入测评文件夹。）"},
    {"(No kex_bandwidth.csv was found at {}; pass one with --accounting.)",
     "（在 `{}` 未找到 `kex_bandwidth.csv`；请用 `--accounting` 传入一个。）"},
    {"(The accounting file could not be read: {})", "（无法读取核算文件：{}）"},

    // ---------------------------------------------------------------- symmetric primitives
    {"Symmetric primitives", "对称原语"},
    {"The dataset holds no hash/DRNG profiles for these instances.", "数据集中没有这些实例的哈希/DRNG 剖析数据。"},
    {"Share of each profiled operation's time spent in the ICCS placeholder hash functions (pseudohash, pseudoXOF, "
     "sm3hash) and in the ICCS DRNG, from link-time wrappers around those functions in a reference build.",
     "各被剖析操作在 ICCS 占位哈希函数（`pseudohash`、`pseudoXOF`、`sm3hash`）和 ICCS DRNG 中所花时间的占比，"
     "数据来自参考构建中包装这些函数的链接期封装器。"},
    {"pseudohash/XOF/sm3", "哈希（`pseudohash`/`XOF`/`sm3`）"},
    {"DRNG", "DRNG"},
    {"calls per operation", "每次操作的调用次数"},

    // ---------------------------------------------------------------- 7. raw evidence index
    {"Raw evidence index", "原始证据索引"},
    {"Paths are relative to the campaign folder of system {}; every JSON file holds its commands, environment and raw "
     "trials.",
     "路径相对于系统 {} 的测评文件夹；每个 JSON 文件都包含其命令、环境和原始试验数据。"},
    {"file", "文件"},
    {"KAT log (sha256 {})", "KAT 日志（SHA-256 {}）"},
    {"timing {}", "计时记录 `{}`"},
    {"hash profile {}", "哈希剖析 `{}`"},

    // ---------------------------------------------------------------- compare (core/analysis/compare.cpp)
    {"published page", "已发布页面"},
    {"faster", "更快"},
    {"slower", "更慢"},
    {"no significant difference", "无显著差异"},
    {"equivalent", "等效"},
    {"inconclusive", "无定论"},
    {"equivalent within {}", "在 {} 之内等效"},
    {"n/a", "不适用"},
    {"leak", "泄漏"},
    {"no leak detected", "未发现泄漏"},
    {"median of trial means", "试验均值的中位数"},
    {"no counter", "无计数器"},
    {"unknown counter", "未知计数器"},
    {"perf_event cpu-cycles (harness driver, user mode)", "`perf_event` `cpu-cycles`（`ngcc-harness` 驱动程序，用户态）"},
    {"n/a: a trial value is not positive", "不适用：有试验数值不为正"},
    {"n/a: {} vs {} trials reach {} % only", "不适用：{} 对 {} 次试验仅达到 {} %"},
    {"n/a: tied trial values make the interval disagree with the test", "不适用：相同的试验数值使区间与检验结论不一致"},
    {"n/a: {} vs {} trials cannot reach p \u2264 {}", "不适用：{} 对 {} 次试验无法达到 p \u2264 {}"},
    {"n/a: {} rounds cannot reach p \u2264 {}", "不适用：{} 轮无法达到 p \u2264 {}"},
    {"n/a: {} rounds reach {} % only", "不适用：{} 轮仅达到 {} %"},
    {"n/a: tied round ratios make the interval disagree with the test", "不适用：相同的逐轮比值使区间与检验结论不一致"},
    {"Not paired: the campaign did not run its trials in interleaved rounds (harness order or harness data), so the "
     "two instances are compared as two samples.",
     "未配对：该测量任务没有按交错轮次运行试验（`harness` 顺序或 `ngcc-harness` 数据），因此两个实例按两个样本比较。"},
    {"Paired by round: {} interleaved round, trial k of {} against trial k of {}.",
     "按轮配对：{} 个交错轮次，{} 的第 k 次试验对 {} 的第 k 次试验。"},
    {"Paired by round: {} interleaved rounds, trial k of {} against trial k of {}.",
     "按轮配对：{} 个交错轮次，{} 的第 k 次试验对 {} 的第 k 次试验。"},
    {"Paired by round: {} and {} ran in one interleaved campaign, trial k of each in round k, so a slow phase of the "
     "host hits both. Each round gives one ratio of their trial values (median per-iteration time, else mean time) "
     "{} \u00f7 {}; the figure is the Hodges\u2013Lehmann centre of the rounds' log ratios, its {} % interval the "
     "signed-rank interval over rounds (exact up to 50 rounds), the test the two-sided Wilcoxon signed-rank test, "
     "\u03b1 = {}. The verdict reads that interval against a practical margin of {}: \u201cfaster\u201d/"
     "\u201cslower\u201d when it lies wholly beyond the margin, \u201cequivalent\u201d when it lies wholly inside, "
     "\u201cinconclusive\u201d when it straddles a bound; fewer than 6 rounds cannot reach \u03b1 = 0.05.",
     "按轮配对：{} 与 {} 在同一个交错测量任务中运行，各自的第 k 次试验都在第 k 轮，因此主机的慢速阶段会同时影响两者。每一轮"
     "给出两者试验数值（逐次迭代时间的中位数，否则为平均时间）之比 {} \u00f7 {}；数值为各轮对数比值的霍奇斯-莱曼中心，其 {} % "
     "区间为按轮的符号秩区间（不超过 50 轮时为精确区间），检验为双侧威尔科克森符号秩检验，\u03b1 = {}。判定把该区间与 {} 的"
     "实用界限相比较：区间完全落在界限之外时为\u201c更快\u201d/\u201c更慢\u201d，完全落在其内时为\u201c等效\u201d，跨越"
     "界限时为\u201c无定论\u201d；少于 6 轮无法达到 \u03b1 = 0.05。"},
    {"a side has no trial values: no significance test", "有一方没有试验数值：不做显著性检验"},
    {"only {} has per-iteration samples: no trial totals to test both sides alike, no significance test",
     "只有 {} 带有逐次迭代样本：没有可供双方同等检验的试验总计，不做显著性检验"},
    {"only {} has per-iteration samples: both sides are tested on their trial means",
     "只有 {} 带有逐次迭代样本：双方均按各自的试验均值检验"},
    {"disturbed on {}: no clean trial in {} of {} trial slots", "{} 上受干扰：{3} 个试验位置中有 {2} 个没有未受干扰的试验"},
    {"disturbed on {}: no clean trial", "{} 上受干扰：没有未受干扰的试验"},
    {"{}: record without status", "{}：记录没有状态"},
    {"{}: record {}", "{}：记录状态为 {}"},
    {"KAT not passed on {} ({})", "{} 上 KAT 未通过（{}）"},
    {"no status", "无状态"},
    {"{}: {} secret mismatches", "{}：共享密钥不一致 {} 次"},
    {"{}: timer-limited (the step costs little more than the timer itself)", "{}：受计时器精度限制（该步骤的开销仅略高于计时器本身）"},
    {"{}: {} tick pair(s) dropped", "{}：丢弃了 {} 对计数"},
    {"tick rates of {} differ ({}: {}; {}: {}): its counts are not compared, compare the times",
     "{} 的计数频率不同（{}：{}；{}：{}）：不比较其计数，请比较时间"},
    {"tick rate of {} unknown on {}: its counts are not compared, compare the times",
     "{2} 上 {1} 的计数频率未知：不比较其计数，请比较时间"},
    {"no cycle counter on {}: compare the times", "{} 上没有周期计数器：请比较时间"},
    {"counters differ ({}: {}; {}: {}): the cycles ratio is not meaningful, compare the times",
     "计数器不同（{}：{}；{}：{}）：周期数之比没有意义，请比较时间"},
    {"cpufreq minimum {} kHz \u2260 maximum {} kHz", "`cpufreq` 最低 {} kHz \u2260 最高 {} kHz"},
    {"governor {}", "调速器 `{}`"},
    {"; its loop-timed trials ran at {} (cycles \u00f7 seconds)", "；其循环计时的试验运行在 {}（周期数 \u00f7 秒数）"},
    {"{}: the clock was not fixed ({}), so its times depend on the frequency the CPU ran at (core-cycle counts much "
     "less so){}.",
     "{}：时钟未固定（{}），因此其时间取决于 CPU 当时的运行频率（核心周期数受影响小得多）{}。"},
    {"Both sides count core cycles, at different clocks ({} {}, {} {}): the cycles ratio compares work per clock "
     "cycle, the time ratio also includes the clock difference.",
     "双方都计核心周期数，但时钟不同（{} {}，{} {}）：周期数之比比较的是每个时钟周期的工作量，时间之比还包含时钟的差异。"},
    {"No row has trial values on both sides: no significance test.", "没有哪一行在双方都有试验数值：不做显著性检验。"},
    {"Significance: the trial (one fresh runner child process) is the unit of replication, so each trial gives one "
     "value: its median per-iteration time (kexbench samples), else its mean time (harness trial totals, seconds "
     "\u00f7 measurements); counter ticks likewise where both sides' counters are comparable. The two sides' trial "
     "values go into a two-sided Mann\u2013Whitney U test, exact when both sides have at most 20 trials and no tied "
     "values, else the normal approximation with tie and continuity correction; \u03b1 = {}. The ratio's {} % "
     "interval comes from the order statistics of the pairwise trial ratios {} \u00f7 {}, ranked by the same U "
     "distribution, so it excludes 1.00\u00d7 exactly when the test is significant. The verdict reads that interval "
     "against a practical margin of {}: \u201cfaster\u201d/\u201cslower\u201d when it lies wholly beyond the margin "
     "(and the ratio of the medians points the same way), \u201cequivalent\u201d when it lies wholly inside, "
     "\u201cinconclusive\u201d when it straddles a bound. With few trials no outcome can reach \u03b1 (3 vs 3 "
     "trials: p \u2265 0.1), and the row says so instead of a verdict.",
     "显著性：试验（一个新启动的运行器子进程）是重复的单位，因此每次试验给出一个数值：其逐次迭代时间的中位数（kexbench "
     "样本），否则为其平均时间（`ngcc-harness` 的试验总计，秒数 \u00f7 测量次数）；双方计数器可比时，计数器计数同理。双方的"
     "试验数值进入双侧曼-惠特尼 U 检验：双方均不超过 20 次试验且没有相同数值时为精确检验，否则为带结校正和连续性校正的"
     "正态近似；\u03b1 = {1}。比值的 {2} % 区间来自双方试验两两之比 {3} \u00f7 {4} 的次序统计量，按同一 U 分布取秩，"
     "因此当且仅当检验显著时它不包含 1.00\u00d7。判定把该区间与 {5} 的实用界限相比较：区间完全落在界限之外（且中位数之比"
     "指向同一方向）时为\u201c更快\u201d/\u201c更慢\u201d，完全落在界限之内时为\u201c等效\u201d，跨越界限时为"
     "\u201c无定论\u201d。试验过少时任何结果都无法达到 \u03b1（3 对 3 次试验：p \u2265 0.1），该行会说明这一点而不给出判定。"},
    {" The {} tests are not corrected for multiplicity: at \u03b1 = {} some rows without a real difference beyond "
     "the margin can still read faster or slower.",
     "这 {} 项检验未做多重比较校正：在 \u03b1 = {} 下，一些并无超出界限的真实差异的行仍可能显示为更快或更慢。"},
    {"trial-level time ratio (median of trial values) {} over {} row", "试验级时间之比（试验数值的中位数）{}，共 {} 行"},
    {"trial-level time ratio (median of trial values) {} over {} rows", "试验级时间之比（试验数值的中位数）{}，共 {} 行"},
    {"mean time ratio (published method) {} over {} row", "平均时间之比（公开方法）{}，共 {} 行"},
    {"mean time ratio (published method) {} over {} rows", "平均时间之比（公开方法）{}，共 {} 行"},
    {"Geometric mean of the ratios {} / {}: {}.", "比值 {} / {} 的几何平均：{}。"},
    {"median probe {} against {}, {}; the probe is a fixed reference kernel timed in every runner child, so it "
     "measures the machines, not the code",
     "探针中位数 {} 对 {}，{}；探针是每个运行器子进程中都计时的固定参考内核，因此它衡量的是机器而非代码"},
    {"{} ran at the same speed per probe as {} ({}).", "按探针计，{} 与 {} 的运行速度相同（{}）。"},
    {"{} ran {} % slower per probe than {} ({}).", "按探针计，{1} 比 {3} 慢 {2} %（{4}）。"},
    {"{} ran {} % faster per probe than {} ({}).", "按探针计，{1} 比 {3} 快 {2} %（{4}）。"},
    {"Single steps (timing scope per_call_step) include the timer's own start/stop cost in every call, which can "
     "differ between systems: ratios of very cheap steps mostly compare those costs.",
     "单个步骤（计时范围 `per_call_step`）的每次调用都包含计时器自身的启动/停止开销，而该开销在不同系统上可能不同："
     "开销极小的步骤之比主要比较的是这些开销。"},
    {"{} measured host load: {}.", "{} 实测主机负载：{}。"},
    {"{} was {}; its ratios compare an emulator, not two machines.", "{} 为{}；其比值比较的是仿真器，而非两台机器。"},
    {"Ratios are B / A = {} / {}: below 1.00\u00d7 {} needs fewer cycles or less time than {}.",
     "比值为 B / A = {} / {}：低于 1.00\u00d7 表示 {} 比 {} 需要更少的周期或更短的时间。"},
    {"Only candidate {} is compared.", "只比较候选算法 {}。"},
    {"No instance \u00d7 operation is present on both sides.", "没有哪个实例 \u00d7 操作在双方都存在。"},
    {"{} \u00d7 {} (no trial values)", "{} \u00d7 {}（无逐次试验数值）"},
    {"no trial values", "无逐次试验数值"},
    {"{} trial", "{} 次试验"},
    {"{} trials", "{} 次试验"},
    {"no verdict: ", "无判定："},
    {"no verdict: {} has no trials", "无判定：{} 没有试验"},
    {"{}: trial-level figures only (the page's means as printed, no per-trial values, no per-iteration samples), so "
     "no verdict is possible (one side has no trials) and no significance is given.",
     "{}：仅有试验级数据（页面所印的平均值，没有逐次试验数值，也没有逐次迭代样本），因此无法给出判定（有一方没有试验），"
     "也不给出显著性。"},
    {"Every row: {}.", "每一行：{}。"},
    {"The published method: means over all timed calls (the harness figures of {} and {}).",
     "公开方法：全部计时调用的平均值（{} 与 {} 为 `ngcc-harness` 的数据）。"},
    {"The published method: means over all timed calls (the harness figures of {}).",
     "公开方法：全部计时调用的平均值（{} 为 `ngcc-harness` 的数据）。"},
    {"The published method: means over all timed calls.", "公开方法：全部计时调用的平均值。"},
    {"Timings: {}", "计时：{}"},
    {"mean cycles {}", "{} 平均周期数"},
    {"mean cycles ratio {}", "平均周期数之比 {}"},
    {"mean time {}", "{} 平均时间"},
    {"mean time ratio {}", "平均时间之比 {}"},
    {"notes", "备注"},
    {"mean time ratio {} (published method)", "平均时间之比 {}（公开方法）"},
    {"mean cycles ratio {} (published method)", "平均周期数之比 {}（公开方法）"},
    {"statistic", "统计量"},
    {"median time {}", "{} 时间中位数"},
    {"median count {}", "{} 计数中位数"},
    {"{} % CI {}", "{2} 的 {1} % 置信区间"},
    {"trials {} / {}", "试验数 {} / {}"},
    {"trial ratio {}", "试验比值 {}"},
    {"{} % CI of the ratio", "比值的 {} % 置信区间"},
    {"p (Mann\u2013Whitney U over trials)", "p（按试验的曼-惠特尼 U 检验）"},
    {"p (Wilcoxon signed-rank over rounds)", "p（按轮的威尔科克森符号秩检验）"},
    {"{} vs {} (\u03b1 = {})", "{} 对比 {}（\u03b1 = {}）"},
    {"{} vs {} (\u03b1 = {}, margin {})", "{} 对比 {}（\u03b1 = {}，界限 {}）"},
    {"Each side shows the median of its trial values with the distribution-free order-statistic {} % interval over "
     "trials; with too few trials (under 6 at 95 %) none exists and the coverage [min, max] reaches is said instead. "
     "The trial ratio is the quotient of the two medians; where ties between the sides would make its interval "
     "disagree with the test, the interval is not shown.",
     "每一方给出其试验数值的中位数，以及基于次序统计量、不依赖分布的试验间 {} % 区间；试验过少时（95 % 时少于 6 次）"
     "不存在该区间，改为给出 [最小值, 最大值] 所能达到的覆盖率。试验比值为两个中位数之商；若双方之间的相同数值会使其区间"
     "与检验结论不一致，则不显示该区间。"},
    {"Trial-level times: {}", "试验级时间：{}"},
    {"Trial-level counter ticks: {}", "试验级计数器计数：{}"},
    {"Message and key sizes", "消息与密钥长度"},
    {"The API's sizes from the timing records (the setup exchange's message lengths, pk_bytes capacity); the same "
     "code gives 1.00\u00d7.",
     "来自计时记录的 API 长度（建立阶段交换的消息长度、`pk_bytes` 容量）；相同的代码给出 1.00\u00d7。"},
    {"Memory", "内存"},
    {"elf_load_bytes: the library's loadable ELF segments (build.json). RSS: the whole measuring process, largest "
     "over the instance's operations.",
     "`elf_load_bytes`：库的可加载 ELF 段（`build.json`）。RSS：整个测量进程的驻留内存，取该实例各操作中的最大值。"},
    {"quantity (bytes)", "数量（字节）"},
    {"Memory per operation: {}", "每次操作的内存：{}"},
    {"heap peak {}", "{} 堆峰值"},
    {"heap peak ratio {}", "堆峰值之比 {}"},
    {"allocations/op {}", "{} 每次操作的分配次数"},
    {"allocations/op ratio {}", "每次操作的分配次数之比 {}"},
    {"stack peak {}", "{} 栈峰值"},
    {"stack peak ratio {}", "栈峰值之比 {}"},
    {"Heap peak (bytes), allocations/op (allocating calls per operation) and stack peak (bytes) are kexbench's "
     "measurement of each operation alone, in an untimed pass (`docs/method.md`, \u201cMemory per operation\u201d). A "
     "ratio needs the figure on both sides and A's above 0; otherwise it is n/a.",
     "堆峰值（字节）、每次操作的分配次数（每次操作中进行分配的调用次数）与栈峰值（字节）是 kexbench 在不计时的一轮测量中"
     "对每个操作本身的测量（`docs/method.zh_CN.md`，\u201c每次操作的内存\u201d一节）。比值需要双方都有该数值且 A 的数值大于 "
     "0；否则为不适用。"},
    {"{}: {} n/a for {}: {}.", "{1}：{3} 的{2}不适用：{4}。"},
    {"ratio {}", "比值 {}"},
    {"Present on one side only", "仅在一方出现"},
    {"only in", "仅见于"},
    {"Figures side by side: {} and {}", "数值并列：{} 与 {}"},
    {"dataset", "数据集"},
    {"precision (published page)", "精度（已发布页面）"},
    {"verdict", "判定"},
    {"Every instance \u00d7 operation of both sides with its own figures. A published page's cells are shown as "
     "printed; their precision is half a unit of the last printed digit.",
     "双方的每个实例 \u00d7 操作及其各自的数值。已发布页面的单元格按所印原样显示；其精度为所印最后一位数字的半个单位。"},
    {"n/a: no verdict (a side has no trials)", "不适用：无判定（有一方没有试验）"},
    {"Comparison: {} vs {}", "比较：{} 对比 {}"},
    // published report pages (core/data/published_page.cpp)
    {"This is a published page ({}), not a campaign: trial-level figures only, as printed (means over trials, "
     "rounded to 3\u20134 significant digits), with no per-trial values, no per-iteration samples and no distributions.",
     "这是一份已发布页面（{}），而非测评：仅有按所印原样给出的试验级数据（试验平均值，保留 3\u20134 位有效数字），没有逐次"
     "试验数值、逐次迭代样本，也没有分布。"},
    {" Source: {}.", "来源：{}。"},
    {"The page is of candidate {}, not {}.", "该页面属于候选算法 {}，而非 {}。"},

    // ---------------------------------------------------------------- campaign log (core/campaign/campaign.cpp, core/campaign/hosted_campaign.cpp)
    // event messages the workbench's Run page shows in the window's language
    {"counter {}", "计数器 `{}`"},
    {"{}: KAT PASS ({} vectors)", "{}：KAT 通过（{} 个测试向量）"},
    {"{}: KAT {}", "{}：KAT {}"},
    {"MISMATCH {}", "结果不符：{}"},
    {"NOKAT {}", "无测试向量：{}"},
    {"OVERFLOW {}", "溢出：{}"},
    {"ERROR {}", "错误：{}"},
    {"no KAT vectors supplied", "未提供 KAT 测试向量"},
    {"the manifest has no entry for {}", "清单中没有 `{}` 的条目"},
    {"manifest expects {}", "清单期望的摘要为 {}"},
    {"the manifest expects {} records", "清单期望 {} 条记录"},
    {"{}: not measured: {}", "{}：未测量：{}"},
    {"{}: hash/DRNG profile failed: {}", "{}：哈希/DRNG 剖析失败：{}"},
    {"disturbed: {}", "受干扰：{}"},
    {"replaces the earlier figures: {} trial(s) found disturbed at the campaign's end were run again",
     "取代之前的数值：在测量任务结束时发现受干扰的 {} 次试验已重新运行"},
    {"replaces the earlier record: its trials were judged again at the campaign's end",
     "取代之前的记录：其试验在测量任务结束时被重新判定"},
    {"replaces the earlier figures: {} trial(s) were run again beside a round partner's disturbed trial",
     "取代之前的数值：{} 次试验随同一轮次伙伴的受干扰试验一起重新运行"},
    {"identical twins, one campaign (paired by round)", "完全相同的孪生实例，同一测量任务（按轮次配对）"},
    {"2 % more work, one campaign (paired by round)", "多 2 % 工作量，同一测量任务（按轮次配对）"},
    {"5 % more work, one campaign (paired by round)", "多 5 % 工作量，同一测量任务（按轮次配对）"},
    {"one twin, consecutive campaigns", "同一孪生实例，相继的测量任务"},
    {"2 % more work, consecutive campaigns", "多 2 % 工作量，相继的测量任务"},
    {"Verdict self-check on {} ({}, {} campaigns of {} rounds, margin {}):",
     "{} 上的结论自检（{}，{} 个测量任务，每个 {} 轮，容差 {}）："},
    {"called different {}", "判为不同 {}"},
    {"called slower {}", "判为更慢 {}"},
    {"campaign-to-campaign spread {}", "测量任务之间的离散 {}"},
    {"campaign-to-campaign spread n/a (fewer than 3 campaigns)", "测量任务之间的离散 n/a（少于 3 个测量任务）"},
    {"Verdicts where the truth is known (margin {})", "已知真值时的结论（容差 {}）"},
    {"comparison", "比较"},
    {"true ratio", "真实比值"},
    {"comparisons", "比较次数"},
    {"rate (Clopper\u2013Pearson 95 %)", "比率（Clopper\u2013Pearson 95 %）"},
    {"target", "目标"},
    {"called different \u2264 5 %", "判为不同 \u2264 5 %"},
    {"called slower \u2265 90 %", "判为更慢 \u2265 90 %"},
    {"called slower 100 %", "判为更慢 100 %"},
    {"Twins in one campaign called \"equivalent within {}\": {} (target \u2265 80 %).",
     "同一测量任务中的孪生实例被判为“在 {} 之内等效”：{}（目标 \u2265 80 %）。"},
    {"Campaign-to-campaign spread of this host: {} (relative SD of a campaign's median of trial medians, pooled over the four workloads); unpaired comparisons add it to their intervals.",
     "本机测量任务之间的离散：{}（一个测量任务的试验中位数之中位数的相对标准差，合并四个工作负载）；非配对比较会将其计入区间。"},
    {"Campaign-to-campaign spread: n/a (fewer than 3 campaigns).", "测量任务之间的离散：n/a（少于 3 个测量任务）。"},
    {"inconclusive: below this host's campaign-to-campaign spread of {}", "无定论：低于本机测量任务之间 {} 的离散"},
    {"Each interval also carries this host's campaign-to-campaign spread of {} ({}): two campaigns of the same code differ by about that much, which the trials of one campaign cannot show; it was measured on this machine, so a campaign from another machine may vary more or less.",
     "每个区间还计入了本机测量任务之间 {} 的离散（{}）：同一代码的两个测量任务大约相差这么多，而单个测量任务的试验无法显示这一点；它是在本机上测得的，因此来自其他机器的测量任务的波动可能更大或更小。"},
    {"The intervals cover the trials of each campaign only: this host's campaign-to-campaign spread has not been measured (`kexbench-cli bench verdicts` measures it), and two campaigns of the same code can differ by more than the trials show.",
     "区间只覆盖各测量任务内的试验：本机测量任务之间的离散尚未测量（`kexbench-cli bench verdicts` 可测量），同一代码的两个测量任务之间的差异可能大于试验所示。"},
    {"the connection dropped mid-campaign", "连接在测评中途断开"},
    {"{} dropped out ({}); {} instance(s) go to the other hosts", "{} 已退出（{}）；其 {} 个实例交给其他主机"},
    {"{} dropped out ({}); no host is left: resume with the same command",
     "{} 已退出（{}）；已没有可用的主机：请用同一命令续测"},
};
// clang-format on

const std::unordered_map<std::string_view, std::string_view> &catalogue()
{
    static const auto map = [] {
        std::unordered_map<std::string_view, std::string_view> m;
        for (const Entry &e : kCatalogue)
            m.emplace(e.en, e.zh);
        return m;
    }();
    return map;
}

// The templates with placeholders, split at them: {"speed probe ", " slower than ...", ...}.
struct Pattern {
    std::vector<std::string_view> literals; // one more than the placeholders
    std::string_view en;
    size_t literal_chars = 0;
};

const std::vector<Pattern> &patterns()
{
    static const auto list = [] {
        std::vector<Pattern> out;
        for (const Entry &e : kCatalogue) {
            const std::string_view en = e.en;
            if (en.find("{}") == std::string_view::npos)
                continue;
            Pattern p;
            p.en = en;
            size_t pos = 0;
            for (size_t at; (at = en.find("{}", pos)) != std::string_view::npos; pos = at + 2)
                p.literals.push_back(en.substr(pos, at - pos));
            p.literals.push_back(en.substr(pos));
            for (auto l : p.literals)
                p.literal_chars += l.size();
            out.push_back(p);
        }
        return out;
    }();
    return list;
}

// Matches `text` against a pattern's literals; each placeholder takes at least
// one character, the shortest that lets the rest match.
bool match(const Pattern &p, std::string_view text, size_t index, std::vector<std::string> &args)
{
    const std::string_view lit = p.literals[index];
    if (index == 0) {
        if (text.substr(0, lit.size()) != lit)
            return false;
        return p.literals.size() == 1 ? text.size() == lit.size() : match(p, text.substr(lit.size()), 1, args);
    }
    const bool last = index + 1 == p.literals.size();
    if (last) {
        if (text.size() <= lit.size() || text.substr(text.size() - lit.size()) != lit)
            return false;
        const bool in_parens = !p.literals[index - 1].empty() && p.literals[index - 1].back() == '(';
        if (!in_parens && text.substr(0, text.size() - lit.size()).find("; ") != std::string_view::npos)
            return false;
        args.emplace_back(text.substr(0, text.size() - lit.size()));
        return true;
    }
    // A placeholder spans "; " (phrases joined) only inside parentheses: "... attempts (a; b)".
    const bool in_parens = !p.literals[index - 1].empty() && p.literals[index - 1].back() == '(';
    for (size_t at = text.find(lit, 1); at != std::string_view::npos; at = text.find(lit, at + 1)) {
        if (!in_parens && text.substr(0, at).find("; ") != std::string_view::npos)
            break;
        args.emplace_back(text.substr(0, at));
        if (match(p, text.substr(at + lit.size()), index + 1, args))
            return true;
        args.resize(args.size() - 1);
        if (lit.empty())
            break;
    }
    return false;
}

std::string fill(std::string_view tmpl, const std::vector<std::string> &args)
{
    std::string out;
    size_t next = 0;
    for (size_t i = 0; i < tmpl.size(); ++i) {
        if (tmpl[i] == '{') {
            size_t close = tmpl.find('}', i + 1);
            if (close != std::string_view::npos) {
                const std::string_view inside = tmpl.substr(i + 1, close - i - 1);
                bool digits = !inside.empty() && inside.size() < 3;
                for (char ch : inside)
                    digits = digits && ch >= '0' && ch <= '9';
                if (inside.empty() || digits) {
                    const size_t k = inside.empty() ? next++ : static_cast<size_t>(std::stoi(std::string(inside))) - 1;
                    if (k < args.size())
                        out += args[k];
                    i = close;
                    continue;
                }
            }
        }
        out += tmpl[i];
    }
    return out;
}

std::string translate_whole(Language lang, std::string_view text)
{
    const auto &map = catalogue();
    if (const auto it = map.find(text); it != map.end())
        return std::string(it->second);
    const Pattern *best = nullptr;
    std::vector<std::string> best_args;
    for (const Pattern &p : patterns()) {
        if (best && p.literal_chars <= best->literal_chars)
            continue;
        std::vector<std::string> args;
        if (match(p, text, 0, args)) {
            best = &p;
            best_args = std::move(args);
        }
    }
    if (!best)
        return {};
    for (auto &a : best_args) {
        std::string t = tr_text(lang, a);
        a = std::move(t);
    }
    return fill(map.at(best->en), best_args);
}

} // namespace

std::optional<Language> parse_language(std::string_view name)
{
    if (name == "en")
        return Language::en;
    if (name == "zh_CN" || name == "zh" || name == "zh-CN")
        return Language::zh_CN;
    return std::nullopt;
}

std::string language_name(Language lang) { return lang == Language::zh_CN ? "zh_CN" : "en"; }

std::string tr(Language lang, std::string_view english)
{
    if (lang == Language::en)
        return std::string(english);
    const auto &map = catalogue();
    const auto it = map.find(english);
    return it == map.end() ? std::string(english) : std::string(it->second);
}

std::string trf(Language lang, std::string_view english_template, std::initializer_list<std::string> args)
{
    const std::string tmpl = tr(lang, english_template);
    return fill(tmpl, std::vector<std::string>(args));
}

std::string tr_text(Language lang, std::string_view english)
{
    if (lang == Language::en || english.empty())
        return std::string(english);
    if (std::string whole = translate_whole(lang, english); !whole.empty())
        return whole;
    // Phrases joined by "; " (disturbance reasons, audits), one by one.
    if (english.find("; ") != std::string_view::npos) {
        std::string out;
        bool changed = false;
        size_t pos = 0;
        while (true) {
            const size_t at = english.find("; ", pos);
            const std::string_view part =
                english.substr(pos, at == std::string_view::npos ? std::string_view::npos : at - pos);
            std::string t = translate_whole(lang, part);
            changed = changed || !t.empty();
            out += t.empty() ? std::string(part) : t;
            if (at == std::string_view::npos)
                break;
            out += "；";
            pos = at + 2;
        }
        if (changed)
            return out;
    }
    return std::string(english);
}

} // namespace kexbench
