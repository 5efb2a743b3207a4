<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>RatioPlot</name>
    <message>
        <source>%1 = %2 (median of the trial values)</source>
        <translation>%1 = %2（试验值的中位数）</translation>
    </message>
    <message>
        <source>%1 % interval: %2 – %3</source>
        <translation>%1% 区间：%2 – %3</translation>
    </message>
    <message>
        <source>No interval: %1</source>
        <translation>没有区间：%1</translation>
    </message>
    <message>
        <source>p = %1 (%2 vs %3 trials)</source>
        <translation>p = %1（%2 对 %3 次试验）</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>判定：%1</translation>
    </message>
    <message>
        <source>B / A = %1 / %2, median of the trial values (logarithmic)</source>
        <translation>B / A = %1 / %2，试验值的中位数（对数刻度）</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of the table left out: no trial values on both sides (a published page has none), so no test and no interval.</source>
        <translation>
            <numerusform>表中有 %n 行未画出：两侧没有都具备试验值（公开页面没有试验值），因此没有检验，也没有区间。</numerusform>
        </translation>
    </message>
    <message>
        <source>No instance and operation is in both datasets: there is no ratio to draw.</source>
        <translation>没有哪个实例和操作同时出现在两个数据集中：没有可绘制的比值。</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n row(s) has trial values on both sides, so there is no ratio interval to draw. The table below lists the published method&apos;s ratios.</source>
        <translation>
            <numerusform>%n 行中没有一行在两侧都具备试验值，因此没有可绘制的比值区间。下表列出按公开方法得出的比值。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 = %2 (Hodges–Lehmann centre of the round ratios)</source>
        <translation>%1 = %2（各轮比值的霍奇斯-莱曼中心）</translation>
    </message>
    <message numerus="yes">
        <source>p = %1 (paired by round: %n round(s))</source>
        <translation>
            <numerusform>p = %1（按轮配对：%n 轮）</numerusform>
        </translation>
    </message>
    <message>
        <source>B / A = %1 / %2, paired by round (logarithmic)</source>
        <translation>B / A = %1 / %2，按轮配对（对数刻度）</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Table id &quot;%1&quot; is not usable as a file name.</source>
        <translation>表格标识“%1”不能用作文件名。</translation>
    </message>
    <message>
        <source>Two tables have the id &quot;%1&quot;; their CSV files would overwrite each other.</source>
        <translation>有两个表格的标识都是“%1”，它们的 CSV 文件会相互覆盖。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>%1: cannot start the PDF</source>
        <translation>%1：无法开始生成 PDF</translation>
    </message>
    <message>
        <source>%1: cannot add page %2</source>
        <translation>%1：无法添加第 %2 页</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1: cannot finish the PDF</source>
        <translation>%1：无法完成 PDF</translation>
    </message>
</context>
<context>
    <name>kexbench::ui</name>
    <message>
        <source>Mean cycles</source>
        <translation>平均周期数</translation>
    </message>
    <message>
        <source>Median cycles</source>
        <translation>周期数中位数</translation>
    </message>
    <message>
        <source>Mean time</source>
        <translation>平均时间</translation>
    </message>
    <message>
        <source>Median time</source>
        <translation>时间中位数</translation>
    </message>
    <message>
        <source>Ops/s</source>
        <translation>ops/s</translation>
    </message>
    <message>
        <source>95% CI of median</source>
        <translation>中位数 95% 置信区间</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Baseline RSS</source>
        <translation>基线 RSS</translation>
    </message>
    <message>
        <source>Peak RSS</source>
        <translation>峰值 RSS</translation>
    </message>
    <message>
        <source>ELF image</source>
        <translation>ELF 映像</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>栈</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Arithmetic mean of the counter over all timed calls (the guide&apos;s metric). Core cycles with a PMU; TSC or timer ticks otherwise (see Counter).</source>
        <translation>所有计时调用的计数器算术平均值（指南规定的指标）。有 PMU 时为核心周期，否则为 TSC 或定时器计数（见“计数器”）。</translation>
    </message>
    <message>
        <source>Median of the per-iteration counter values; robust against interruptions.</source>
        <translation>每次迭代计数器值的中位数；不易受中断影响。</translation>
    </message>
    <message>
        <source>Total timed wall time divided by the number of timed calls.</source>
        <translation>计时的总挂钟时间除以计时调用次数。</translation>
    </message>
    <message>
        <source>Median of the per-iteration times.</source>
        <translation>每次迭代时间的中位数。</translation>
    </message>
    <message>
        <source>Timed calls per second of timed wall time (1 / mean time).</source>
        <translation>每秒计时挂钟时间内的计时调用次数（1 / 平均时间）。</translation>
    </message>
    <message>
        <source>Distribution-free 95% confidence interval of the median, from order statistics of the samples.</source>
        <translation>由样本顺序统计量得出的中位数无分布假设 95% 置信区间。</translation>
    </message>
    <message>
        <source>Number of timed calls: trials x iterations per trial.</source>
        <translation>计时调用次数：试验次数 × 每次试验的迭代次数。</translation>
    </message>
    <message>
        <source>Resident memory of the measuring process after setup, before timing.</source>
        <translation>测量进程在准备完成后、开始计时前的常驻内存。</translation>
    </message>
    <message>
        <source>High-water mark of resident memory (VmHWM), driver and libc included.</source>
        <translation>常驻内存的峰值（VmHWM），包括驱动程序和 libc。</translation>
    </message>
    <message>
        <source>Sum of the library&apos;s loadable ELF segments (code, data, bss).</source>
        <translation>库中可加载 ELF 段（代码、数据、bss）的总大小。</translation>
    </message>
    <message>
        <source>Deepest stack use of the operation, from a painted private stack.</source>
        <translation>该操作的最大栈用量，通过预先填充的私有栈测得。</translation>
    </message>
    <message>
        <source>Protocol messages plus each required long-term public key, once each.</source>
        <translation>协议消息加上每个所需的长期公钥（各计一次）。</translation>
    </message>
    <message>
        <source>complete, or why the record is incomplete (crash, timeout, overflow, mismatch).</source>
        <translation>complete（完整），或记录不完整的原因（崩溃、超时、溢出、不匹配）。</translation>
    </message>
    <message>
        <source>The counter that made the figures: perf_event cycles, TSC, cntvct_el0 or ns.</source>
        <translation>产生这些数值的计数器：perf_event 周期、TSC、cntvct_el0 或 ns。</translation>
    </message>
    <message>
        <source>time: this record has no counter values</source>
        <translation>时间：此记录没有计数器值</translation>
    </message>
    <message>
        <source>counter: this record has no nanosecond values</source>
        <translation>计数器：此记录没有纳秒值</translation>
    </message>
    <message>
        <source>This record has no trial totals to draw.</source>
        <translation>该记录没有可绘制的试验总计。</translation>
    </message>
    <message>
        <source>Trial totals only: each point is one trial&apos;s mean per call (n = %1 trials), not an iteration.</source>
        <translation>只有试验总计：每个点是一次试验的每次调用平均值（n = %1 次试验），而不是一次迭代。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::CampaignSession</name>
    <message>
        <source>A campaign is already running.</source>
        <translation>已有测量任务在运行。</translation>
    </message>
    <message>
        <source>No instance is selected.</source>
        <translation>未选择任何实例。</translation>
    </message>
    <message>
        <source>No output folder is given.</source>
        <translation>未指定输出文件夹。</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>无法创建输出文件夹 %1。</translation>
    </message>
    <message>
        <source>No host is given.</source>
        <translation>未指定主机。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::CampaignWorker</name>
    <message>
        <source>, n = %1</source>
        <translation>，n = %1</translation>
    </message>
    <message>
        <source>%1 mean over calls</source>
        <translation>%1（全部调用的平均值）</translation>
    </message>
    <message>
        <source>, %1 median of %2 trial medians</source>
        <translation>，%2 次试验中位数的中位数 %1</translation>
    </message>
    <message>
        <source>, %1 disturbed trial(s) retried</source>
        <translation>，%1 次受干扰的试验已重试</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::ComparePage</name>
    <message>
        <source>&amp;A:</source>
        <translation>A(&amp;A)：</translation>
    </message>
    <message>
        <source>The reference dataset: ratios are B / A.</source>
        <translation>参照数据集：比值为 B / A。</translation>
    </message>
    <message>
        <source>&amp;B:</source>
        <translation>B(&amp;B)：</translation>
    </message>
    <message>
        <source>The dataset compared with A.</source>
        <translation>与 A 比较的数据集。</translation>
    </message>
    <message>
        <source>Swap A and B.</source>
        <translation>交换 A 和 B。</translation>
    </message>
    <message>
        <source>Compare only this candidate&apos;s instances.</source>
        <translation>只比较该候选算法的实例。</translation>
    </message>
    <message>
        <source>All candidates</source>
        <translation>全部候选算法</translation>
    </message>
    <message>
        <source>Bars on a logarithmic value axis: cheap steps and whole exchanges differ by orders of magnitude.</source>
        <translation>数值轴使用对数刻度：廉价的单步操作与完整交换相差几个数量级。</translation>
    </message>
    <message>
        <source>Timings</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Mean cycles per instance and operation (mean time when the two sides&apos; counters are not comparable).</source>
        <translation>每个实例和操作的平均周期数（双方计数器不可比较时为平均时间）。</translation>
    </message>
    <message>
        <source>Bandwidth and memory</source>
        <translation>带宽与内存</translation>
    </message>
    <message>
        <source>Message and public-key sizes; ELF image (static) and peak RSS.</source>
        <translation>消息与公钥大小；ELF 映像（静态）与峰值 RSS。</translation>
    </message>
    <message>
        <source>Nothing to compare yet.

Open two datasets (File ▸ Open dataset…) or measure them on the Run page, then choose A (the reference) and B here. Ratios read B / A.</source>
        <translation>尚无可比较的内容。

请打开两个数据集（文件 ▸ 打开数据集…）或在“运行”页测量，然后在此选择 A（参照）和 B。比值为 B / A。</translation>
    </message>
    <message>
        <source>Only one dataset is open (%1).

Open a second one (File ▸ Open dataset…) or run another campaign, then compare it with this one here. Ratios read B / A.</source>
        <translation>只打开了一个数据集（%1）。

请再打开一个（文件 ▸ 打开数据集…）或再运行一次测量任务，然后在此与它比较。比值为 B / A。</translation>
    </message>
    <message>
        <source>A and B are the same dataset.

Choose two different datasets above.</source>
        <translation>A 和 B 是同一个数据集。

请在上方选择两个不同的数据集。</translation>
    </message>
    <message>
        <source>Protocol messages (total_msg_bytes)</source>
        <translation>协议消息（total_msg_bytes）</translation>
    </message>
    <message>
        <source>Public key (pk_bytes)</source>
        <translation>公钥（pk_bytes）</translation>
    </message>
    <message>
        <source>Static: ELF image (elf_load_bytes)</source>
        <translation>静态：ELF 映像（elf_load_bytes）</translation>
    </message>
    <message>
        <source>Peak RSS (peak_rss_bytes)</source>
        <translation>峰值 RSS（peak_rss_bytes）</translation>
    </message>
    <message>
        <source>%1 A: %2 &amp;nbsp;&amp;nbsp; %3 B: %4</source>
        <translation>%1 A：%2 &amp;nbsp;&amp;nbsp; %3 B：%4</translation>
    </message>
    <message>
        <source>Mean time per operation, one chart per instance. The two sides&apos; counters are not comparable, so cycles are not drawn.</source>
        <translation>每个操作的平均时间，每个实例一张图。双方的计数器不可比较，因此不绘制周期数。</translation>
    </message>
    <message>
        <source>Mean cycles per operation, one chart per instance.</source>
        <translation>每个操作的平均周期数，每个实例一张图。</translation>
    </message>
    <message>
        <source>Present on one side only: %1</source>
        <translation>只在一方出现：%1</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in both</source>
        <translation>
            <numerusform>双方共有 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Symmetric primitives</source>
        <translation>对称原语</translation>
    </message>
    <message>
        <source>Share of the exchange&apos;s time in the ICCS hash functions, in the DRNG and in the rest, from each dataset&apos;s hash/DRNG profiles.</source>
        <translation>交换操作的时间中 ICCS 哈希函数、DRNG 与其余部分各占的份额，取自各数据集的哈希/DRNG 剖析。</translation>
    </message>
    <message>
        <source>Neither dataset holds hash/DRNG profiles of the exchange operation.

kexbench-cli run writes them by default, from the profiled variants of the instances; datasets measured without profiling have none.</source>
        <translation>两个数据集都没有交换操作的哈希/DRNG 剖析。

kexbench-cli run 默认会用实例的剖析版本写出这些剖析；未开启剖析测量的数据集没有剖析。</translation>
    </message>
    <message>
        <source>Share of the exchange time: A and B side by side per instance</source>
        <translation>交换时间的份额：每个实例的 A 与 B 并排</translation>
    </message>
    <message>
        <source>Hash functions</source>
        <translation>哈希函数</translation>
    </message>
    <message>
        <source>DRNG</source>
        <translation>DRNG</translation>
    </message>
    <message>
        <source>Rest</source>
        <translation>其余</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>% of the exchange time</source>
        <translation>占交换时间的百分比</translation>
    </message>
    <message numerus="yes">
        <source>geometric mean of the trial ratios: %1 over %n row(s)</source>
        <translation>
            <numerusform>试验比值的几何平均：%1，共 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the comparison&apos;s tables as CSV</source>
        <translation>将比较的表格导出为 CSV</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n CSV file(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个 CSV 文件写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the charts as an image</source>
        <translation>将图表保存为图片</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Save image</source>
        <translation>保存图片</translation>
    </message>
    <message numerus="yes">
        <source>Copied the ratio table (%n row(s)) as CSV.</source>
        <translation>
            <numerusform>已将比值表（%n 行）复制为 CSV。</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no comparison to export.</source>
        <translation>没有可导出的比较。</translation>
    </message>
    <message>
        <source>Cannot write the image %1.</source>
        <translation>无法写入图片 %1。</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>The ratio table as CSV to the clipboard (Ctrl+C in the table does the same).</source>
        <translation>将比值表以 CSV 格式复制到剪贴板（在表格中按 Ctrl+C 效果相同）。</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Every table of the comparison as CSV files, as kexbench-cli compare --format csv writes them.</source>
        <translation>将比较的每个表格写成 CSV 文件，与 kexbench-cli compare --format csv 写出的相同。</translation>
    </message>
    <message>
        <source>Save image…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <source>Ca&amp;ndidate:</source>
        <translation>候选算法(&amp;N)：</translation>
    </message>
    <message>
        <source>Lo&amp;garithmic scale</source>
        <translation>对数刻度(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation>界限(&amp;M)：</translation>
    </message>
    <message>
        <source>The practical margin ±Δ of the verdicts: “faster” or “slower” only when the ratio&apos;s interval lies wholly beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” when it straddles a bound. 0 gives the bare significance test.</source>
        <translation>判定的实用界限 ±Δ：只有当比值的区间完全落在 1 ± Δ 之外时才判为“更快”或“更慢”，完全落在其内时为“等效”，跨越界限时为“无定论”。设为 0 即为单纯的显著性检验。</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Only the Ratios chart saves as PDF; the other charts save as PNG.</source>
        <translation>只有“比值”图可保存为 PDF；其他图表保存为 PNG。</translation>
    </message>
    <message>
        <source>The charts shown, as a PNG image (the Ratios chart also as PDF).</source>
        <translation>当前显示的图表，保存为 PNG 图片（“比值”图也可保存为 PDF）。</translation>
    </message>
    <message>
        <source>Ratios</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>B / A of the trial medians per instance and operation, with the ratio&apos;s interval, the margin 1 ± Δ shaded, coloured by verdict.</source>
        <translation>每个实例和操作的试验中位数之比 B / A，附比值的区间，阴影为界限 1 ± Δ，按判定着色。</translation>
    </message>
    <message>
        <source>Compar&amp;ing:</source>
        <translation>比较对象(&amp;I)：</translation>
    </message>
    <message>
        <source>Two datasets</source>
        <translation>两个数据集</translation>
    </message>
    <message>
        <source>Two instances of one dataset</source>
        <translation>同一数据集的两个实例</translation>
    </message>
    <message>
        <source>Two datasets (e.g. two machines), or two instances of one dataset: in a campaign that ran its trials in interleaved rounds, trial k of A is compared with trial k of B (paired by round), so the host&apos;s slow phases hit both alike.</source>
        <translation>两个数据集（例如两台机器），或同一数据集的两个实例：在按交错轮次运行试验的测量任务中，A 的第 k 次试验与 B 的第 k 次试验相比较（按轮配对），因此主机的慢速阶段对两者的影响相同。</translation>
    </message>
    <message>
        <source>Data&amp;set:</source>
        <translation>数据集(&amp;S)：</translation>
    </message>
    <message>
        <source>The dataset whose instances A and B are compared.</source>
        <translation>要比较其中实例 A 和 B 的数据集。</translation>
    </message>
    <message>
        <source>The reference instance: ratios are B / A.</source>
        <translation>参照实例：比值为 B / A。</translation>
    </message>
    <message>
        <source>The instance compared with A.</source>
        <translation>与 A 比较的实例。</translation>
    </message>
    <message>
        <source>Nothing to compare yet.

Open a dataset (File ▸ Open dataset…) or measure one on the Run page, then choose it and two of its instances here. Ratios read B / A.</source>
        <translation>尚无可比较的内容。

请打开一个数据集（文件 ▸ 打开数据集…）或在“运行”页测量一个，然后在此选择它及其中的两个实例。比值为 B / A。</translation>
    </message>
    <message>
        <source>%1 holds no records yet: there are no instances to compare.</source>
        <translation>%1 尚无记录：没有可比较的实例。</translation>
    </message>
    <message>
        <source>%1 holds one instance only (%2): there is no second instance to compare it with.

Choose a dataset with two or more instances above, or measure two instances in one campaign; run in interleaved rounds (the default), their trials are compared round by round.</source>
        <translation>%1 只包含一个实例（%2）：没有第二个实例可与之比较。

请在上方选择包含两个或更多实例的数据集，或在一个测量任务中测量两个实例；按交错轮次运行（默认）时，它们的试验按轮逐一比较。</translation>
    </message>
    <message>
        <source>A and B are the same instance.

Choose two different instances above.</source>
        <translation>A 和 B 是同一个实例。

请在上方选择两个不同的实例。</translation>
    </message>
    <message>
        <source>Or compare two of its instances: choose “%1” above.</source>
        <translation>也可以比较它的两个实例：在上方选择“%1”。</translation>
    </message>
    <message>
        <source>Share of the exchange time: instance A and instance B side by side</source>
        <translation>交换时间的份额：实例 A 与实例 B 并排</translation>
    </message>
    <message>
        <source>From %1, written by kexbench-cli bench verdicts. Comparisons of two campaigns add its campaign-to-campaign spread to their intervals, as kexbench-cli compare does.</source>
        <translation>来自 %1，由 kexbench-cli bench verdicts 写入。比较两个测量任务时，其区间计入其中测量任务之间的离散，与 kexbench-cli compare 相同。</translation>
    </message>
    <message>
        <source>The verdict self-check %1 cannot be read: kexbench-cli bench verdicts writes it anew.</source>
        <translation>无法读取结论自检 %1：kexbench-cli bench verdicts 会重新写入它。</translation>
    </message>
    <message>
        <source>No verdict self-check on this machine yet: kexbench-cli bench verdicts measures how often verdicts are wrong here and the campaign-to-campaign spread.</source>
        <translation>本机尚无结论自检：kexbench-cli bench verdicts 测量本机上结论出错的频率以及测量任务之间的离散。</translation>
    </message>
    <message>
        <source>It writes %1, which this page reads.</source>
        <translation>它写入 %1，本页读取该文件。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::CompareTableModel</name>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>normal approximation</source>
        <translation>正态近似</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未进行</translation>
    </message>
    <message>
        <source>%1 %2 (only in %3)</source>
        <translation>%1 %2（仅在 %3 中）</translation>
    </message>
    <message>
        <source>Candidate %1, instance %2</source>
        <translation>候选算法 %1，实例 %2</translation>
    </message>
    <message>
        <source>No cycle counter on this side.</source>
        <translation>这一方没有周期计数器。</translation>
    </message>
    <message>
        <source>Counter: %1 (%2)</source>
        <translation>计数器：%1（%2）</translation>
    </message>
    <message>
        <source>%1 / %2: below 1.00× %1 needs fewer cycles.</source>
        <translation>%1 / %2：低于 1.00× 表示 %1 需要的周期更少。</translation>
    </message>
    <message>
        <source>%1 / %2: below 1.00× %1 needs less time.</source>
        <translation>%1 / %2：低于 1.00× 表示 %1 需要的时间更少。</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>%1% CI %2</source>
        <translation>%1% 置信区间 %2</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Mean counter value over all timed calls, in the side&apos;s own counter unit.</source>
        <translation>所有计时调用的计数器平均值，以该方自己的计数器单位表示。</translation>
    </message>
    <message>
        <source>Mean time over all timed calls.</source>
        <translation>所有计时调用的平均时间。</translation>
    </message>
    <message>
        <source>Reasons this row&apos;s ratios may mislead.</source>
        <translation>这一行的比值可能产生误导的原因。</translation>
    </message>
    <message>
        <source>median of trial medians</source>
        <translation>试验中位数的中位数</translation>
    </message>
    <message>
        <source>median of trial means</source>
        <translation>试验均值的中位数</translation>
    </message>
    <message>
        <source>The counters are not comparable (different counters, or tick rates unknown or different): no cycles ratio.</source>
        <translation>计数器不可比较（计数器不同，或计数频率未知或不同）：不给出周期比值。</translation>
    </message>
    <message>
        <source>No significance test: a side has no trial values.</source>
        <translation>未做显著性检验：有一方没有试验值。</translation>
    </message>
    <message>
        <source>%1 vs %2 trials</source>
        <translation>%1 对 %2 次试验</translation>
    </message>
    <message>
        <source>No outcome of %1 can reach p ≤ %2: the smallest possible p is %3. Measure more trials.</source>
        <translation>%1 的任何结果都无法达到 p ≤ %2：可能的最小 p 为 %3。请测量更多次试验。</translation>
    </message>
    <message>
        <source>Mean cycles %1</source>
        <translation>平均周期数 %1</translation>
    </message>
    <message>
        <source>Mean cycles %1 / %2</source>
        <translation>平均周期数 %1 / %2</translation>
    </message>
    <message>
        <source>Mean time %1</source>
        <translation>平均时间 %1</translation>
    </message>
    <message>
        <source>Mean time %1 / %2</source>
        <translation>平均时间 %1 / %2</translation>
    </message>
    <message>
        <source>Trial ratio %1 / %2</source>
        <translation>试验比值 %1 / %2</translation>
    </message>
    <message>
        <source>%1% CI of the ratio</source>
        <translation>比值的 %1% 置信区间</translation>
    </message>
    <message>
        <source>Trials %1 / %2</source>
        <translation>试验次数 %1 / %2</translation>
    </message>
    <message>
        <source>Median of trials %1</source>
        <translation>试验中位数 %1</translation>
    </message>
    <message>
        <source>p (Mann–Whitney, trials)</source>
        <translation>p（Mann–Whitney，按试验）</translation>
    </message>
    <message>
        <source>Mean cycles of %1 divided by those of %2, the published method (means over all calls); only when the counters are comparable.</source>
        <translation>%1 的平均周期数除以 %2 的平均周期数，即公开方法（所有调用的均值）；仅在计数器可比较时给出。</translation>
    </message>
    <message>
        <source>Mean time of %1 divided by that of %2, the published method (means over all calls).</source>
        <translation>%1 的平均时间除以 %2 的平均时间，即公开方法（所有调用的均值）。</translation>
    </message>
    <message>
        <source>Median of %1&apos;s trial values divided by that of %2&apos;s: the ratio the verdict is about.</source>
        <translation>%1 试验值的中位数除以 %2 试验值的中位数：结论所针对的比值。</translation>
    </message>
    <message>
        <source>Interval of the trial ratio at 1 − α, from the pairwise trial ratios: it excludes 1.00× exactly when p ≤ α.</source>
        <translation>试验比值在 1 − α 水平下的区间，由两两试验比值得出：当且仅当 p ≤ α 时不包含 1.00×。</translation>
    </message>
    <message>
        <source>Trials (runner children) on each side: the sample sizes of the test.</source>
        <translation>每一方的试验次数（runner 子进程数）：即检验的样本量。</translation>
    </message>
    <message>
        <source>Median of the trial values: each trial&apos;s median per-iteration value (kexbench samples) or its mean (harness trial totals).</source>
        <translation>试验值的中位数：每次试验取其逐次迭代值的中位数（kexbench 样本）或其均值（harness 试验总计）。</translation>
    </message>
    <message>
        <source>Distribution-free confidence interval of the median over trials, from order statistics; below 6 trials none exists and the coverage reached is shown instead.</source>
        <translation>由顺序统计量得出的、基于试验的中位数无分布假设置信区间；少于 6 次试验时不存在该区间，改为显示实际达到的覆盖率。</translation>
    </message>
    <message>
        <source>Two-sided p-value of the Mann–Whitney U test over the trial values.</source>
        <translation>对试验值做 Mann–Whitney U 检验的双侧 p 值。</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 has 0 here: no ratio.</source>
        <translation>%1 在此为 0：没有比值。</translation>
    </message>
    <message>
        <source>Heap peak %1</source>
        <translation>%1 堆峰值</translation>
    </message>
    <message>
        <source>Heap peak %1 / %2</source>
        <translation>堆峰值 %1 / %2</translation>
    </message>
    <message>
        <source>Allocations/op %1</source>
        <translation>%1 每次操作的分配次数</translation>
    </message>
    <message>
        <source>Allocations/op %1 / %2</source>
        <translation>每次操作的分配次数 %1 / %2</translation>
    </message>
    <message>
        <source>Stack peak %1</source>
        <translation>%1 栈峰值</translation>
    </message>
    <message>
        <source>Stack peak %1 / %2</source>
        <translation>栈峰值 %1 / %2</translation>
    </message>
    <message>
        <source>Bytes: the highest level of live requested heap bytes above the level at the step&apos;s start, largest over the memory pass&apos;s exchanges (glibc&apos;s rounding not included).</source>
        <translation>字节：存活的请求堆字节数高出该步骤开始时水平的最高值，取内存测量轮各次交换中的最大值（不含 glibc 的取整）。</translation>
    </message>
    <message>
        <source>Allocating calls per operation, the mean over the memory pass&apos;s exchanges.</source>
        <translation>每次操作中进行分配的调用次数，取内存测量轮各次交换的平均值。</translation>
    </message>
    <message>
        <source>Bytes of stack the operation used below its entry stack pointer, to the word (the return address not counted).</source>
        <translation>该操作在其入口栈指针以下使用的栈字节数，精确到机器字（不计返回地址）。</translation>
    </message>
    <message>
        <source>%1 divided by %2; n/a when a side has no figure or %2&apos;s is 0.</source>
        <translation>%1 除以 %2；若有一方没有该数值或 %2 的数值为 0，则为不适用。</translation>
    </message>
    <message>
        <source>Two-sided Mann–Whitney U test over the trial values (%1, %2): p = %3, %4, P(%5 &gt; %6) = %7.
The verdict reads the ratio&apos;s interval against the margin %8: “faster”/“slower” when it lies wholly beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” when it straddles a bound.</source>
        <translation>对试验数值做双侧曼-惠特尼 U 检验（%1，%2）：p = %3，%4，P(%5 &gt; %6) = %7。
判定把比值的区间与界限 %8 相比较：完全落在 1 ± Δ 之外时为“更快”/“更慢”，完全落在其内时为“等效”，跨越界限时为“无定论”。</translation>
    </message>
    <message>
        <source>%1 vs %2 (α = %3, margin %4)</source>
        <translation>%1 对比 %2（α = %3，界限 %4）</translation>
    </message>
    <message>
        <source>“faster”: the interval of %1 / %2 lies wholly below 1 − Δ; “slower”: wholly above 1 + Δ; “equivalent”: wholly inside 1 ± Δ; “inconclusive”: it straddles a bound; “n/a”: too few trials to reach α, or no interval.</source>
        <translation>“更快”：%1 / %2 的区间完全低于 1 − Δ；“更慢”：完全高于 1 + Δ；“等效”：完全落在 1 ± Δ 之内；“无定论”：区间跨越界限；“不适用”：试验过少无法达到 α，或没有区间。</translation>
    </message>
    <message numerus="yes">
        <source>Two-sided Wilcoxon signed-rank test over %n round(s) of %1 ÷ %2 (%3, %4): p = %5.
The verdict reads the ratio&apos;s interval against the margin %6: “faster”/“slower” when it lies wholly beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” when it straddles a bound.</source>
        <translation>
            <numerusform>对 %n 轮的 %1 ÷ %2 做双侧威尔科克森符号秩检验（%3，%4）：p = %5。
判定把比值的区间与界限 %6 相比较：完全落在 1 ± Δ 之外时为“更快”/“更慢”，完全落在其内时为“等效”，跨越界限时为“无定论”。</numerusform>
        </translation>
    </message>
    <message>
        <source>Round ratio %1 / %2</source>
        <translation>逐轮比值 %1 / %2</translation>
    </message>
    <message>
        <source>p (Wilcoxon signed-rank, rounds)</source>
        <translation>p（Wilcoxon 符号秩，按轮）</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::CtPage</name>
    <message>
        <source>%1 holds no ct/ folder: open the folder given to kexbench-cli ct --out, or its ct/ folder.</source>
        <translation>%1 中没有 ct/ 文件夹：请打开传给 kexbench-cli ct --out 的文件夹，或其中的 ct/ 文件夹。</translation>
    </message>
    <message>
        <source>Open constant-time results</source>
        <translation>打开恒定时间检查结果</translation>
    </message>
    <message>
        <source>%1 on %2 (%3): max |t| %4 (%5) over %6 fixed and %7 random measurements: %8.</source>
        <translation>%1，%2（%3）：最大 |t| 为 %4（%5），基于 %6 次固定输入和 %7 次随机输入的测量：%8。</translation>
    </message>
    <message>
        <source>unknown machine</source>
        <translation>未知机器</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>No constant-time results</source>
        <translation>没有恒定时间检查结果</translation>
    </message>
    <message>
        <source>No row selected</source>
        <translation>未选择任何行</translation>
    </message>
    <message>
        <source>Open a folder written by kexbench-cli ct --out DIR, or a dataset whose folder has ct/.</source>
        <translation>请打开由 kexbench-cli ct --out DIR 写出的文件夹，或打开其文件夹中含有 ct/ 的数据集。</translation>
    </message>
    <message>
        <source>counter units</source>
        <translation>计数器单位</translation>
    </message>
    <message>
        <source>fixed inputs (%1)</source>
        <translation>固定输入（%1）</translation>
    </message>
    <message>
        <source>random inputs (%1)</source>
        <translation>随机输入（%1）</translation>
    </message>
    <message>
        <source>fraction of the class ≤ x</source>
        <translation>该类中 ≤ x 的比例</translation>
    </message>
    <message>
        <source>fraction of the class per %1</source>
        <translation>该类每 %1 的比例</translation>
    </message>
    <message>
        <source>x cut at the %1th percentile of both classes (%2 %3): %4 fixed and %5 random measurements lie beyond.</source>
        <translation>x 轴截止于两类合计的第 %1 百分位（%2 %3）：其外还有 %4 次固定输入和 %5 次随机输入的测量。</translation>
    </message>
    <message>
        <source>Drawn and tested: the measurements after the first %1, which set the crops.</source>
        <translation>绘制并检验的是前 %1 次之后的测量；前 %1 次测量用于确定裁剪阈值。</translation>
    </message>
    <message>
        <source>Bins of %1 %2.</source>
        <translation>分箱宽度 %1 %2。</translation>
    </message>
    <message>
        <source>Dashed line: the crop with the largest |t| (%1, at or below %2 %3).</source>
        <translation>虚线：|t| 最大的裁剪（%1，不超过 %2 %3）。</translation>
    </message>
    <message>
        <source>Reading constant-time records…</source>
        <translation>正在读取恒定时间记录…</translation>
    </message>
    <message>
        <source>No constant-time records. Run kexbench-cli ct INSTANCE --out DIR and open DIR here, or open a dataset whose folder has ct/.</source>
        <translation>没有恒定时间记录。请运行 kexbench-cli ct INSTANCE --out DIR 并在此打开 DIR，或打开其文件夹中含有 ct/ 的数据集。</translation>
    </message>
    <message numerus="yes">
        <source>%n check(s)</source>
        <translation>
            <numerusform>%n 项检查</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read: %1</source>
        <translation>
            <numerusform>%n 个文件无法读取：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Open ct results…</source>
        <translation>打开 ct 结果…</translation>
    </message>
    <message>
        <source>Open a folder written by kexbench-cli ct --out DIR (or its ct/ folder).</source>
        <translation>打开由 kexbench-cli ct --out DIR 写出的文件夹（或其中的 ct/ 文件夹）。</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>Read the ct/ folders of the datasets and opened folders again.</source>
        <translation>重新读取各数据集和已打开文件夹中的 ct/ 文件夹。</translation>
    </message>
    <message>
        <source>Close opened folders</source>
        <translation>关闭已打开的文件夹</translation>
    </message>
    <message>
        <source>Stop listing the folders opened on this page (the files stay on disk).</source>
        <translation>不再列出在本页打开的文件夹（文件仍保留在磁盘上）。</translation>
    </message>
    <message>
        <source>One row per system, instance and operation: the same operation on x86-64 and aarch64 sits side by side.</source>
        <translation>每个系统、实例和操作各占一行：同一操作在 x86-64 和 aarch64 上的结果上下并列。</translation>
    </message>
    <message>
        <source>ECDF</source>
        <translation>ECDF</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>ECDF: the fraction of each class at or below each value. Histogram: both classes on shared bins.</source>
        <translation>ECDF：每一类中不超过各个值的比例。直方图：两类使用相同的分箱。</translation>
    </message>
    <message>
        <source>A t-test finds a dependence of time on the inputs; it cannot prove there is none, and it cannot tell secret from public inputs (both classes change both).</source>
        <translation>t 检验能发现时间对输入的依赖；它不能证明不存在依赖，也不能区分秘密输入和公开输入（两类输入都会同时改变两者）。</translation>
    </message>
    <message>
        <source>A check is already running.</source>
        <translation>已有检查正在运行。</translation>
    </message>
    <message>
        <source>Check instances in the Algorithms dock, then pick a folder for the records.</source>
        <translation>请先在“算法”停靠窗口中勾选实例，再选择存放记录的文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n instance(s)…</source>
        <translation>
            <numerusform>正在检查 %n 个实例…</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder for the check&apos;s records</source>
        <translation>存放检查记录的文件夹</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Checked: %1</source>
        <translation>已检查：%1</translation>
    </message>
    <message>
        <source>Check cancelled; the records written so far are listed.</source>
        <translation>检查已取消；已列出目前写出的记录。</translation>
    </message>
    <message>
        <source>The check did not finish: %1</source>
        <translation>检查未能完成：%1</translation>
    </message>
    <message>
        <source>Check finished: no leak detected.</source>
        <translation>检查完成：未发现泄漏。</translation>
    </message>
    <message>
        <source>Check finished: a leak was found, or an operation could not be checked (see the rows).</source>
        <translation>检查完成：发现了泄漏，或有操作无法检查（见各行）。</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>检查无法运行：%1</translation>
    </message>
    <message>
        <source>&amp;Budget per operation:</source>
        <translation>每个操作的预算(&amp;B)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Seconds of measuring per operation; a leak ends an operation&apos;s check early.</source>
        <translation>每个操作的测量秒数；发现泄漏时该操作的检查会提前结束。</translation>
    </message>
    <message>
        <source>Check the checked instances…</source>
        <translation>检查已勾选的实例…</translation>
    </message>
    <message>
        <source>Run kexbench-cli ct on the instances checked in the Algorithms dock, every step, into a folder you pick; its records are listed here as they are written. The check runs in child processes: the workbench loads no candidate code.</source>
        <translation>对“算法”停靠窗口中勾选的实例的每个步骤运行 kexbench-cli ct，记录写入你选择的文件夹，并在写出时列在这里。检查在子进程中运行：工作台不会加载任何候选代码。</translation>
    </message>
    <message>
        <source>Cancel check</source>
        <translation>取消检查</translation>
    </message>
    <message>
        <source>Stop the running check; the records already written are kept.</source>
        <translation>停止正在运行的检查；已写出的记录会保留。</translation>
    </message>
    <message>
        <source>Plot:</source>
        <translation>图形：</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::CtResultsModel</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>uncropped</source>
        <translation>未裁剪</translation>
    </message>
    <message>
        <source>below p%1</source>
        <translation>低于 p%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Library %1 (%2), run on %3</source>
        <translation>库 %1（%2），运行于 %3</translation>
    </message>
    <message>
        <source>The largest |t| of Welch&apos;s t-test (fixed against random) over the uncropped test and its 10 crops; above %1 the check reports a leak.</source>
        <translation>Welch t 检验（固定输入对随机输入）在未裁剪检验及其 10 个裁剪中的最大 |t|；超过 %1 时检查报告泄漏。</translation>
    </message>
    <message>
        <source>No test had a t value: too few measurements, or none varied.</source>
        <translation>没有任何检验得出 t 值：测量太少，或测量值没有变化。</translation>
    </message>
    <message>
        <source>The largest |t| came from all measurements.</source>
        <translation>最大 |t| 来自全部测量。</translation>
    </message>
    <message>
        <source>The largest |t| came from the measurements at or below %1 %2 (the calibration measurements&apos; p%3).</source>
        <translation>最大 |t| 来自不超过 %1 %2 的测量（校准测量的 p%3）。</translation>
    </message>
    <message>
        <source>Measurements of the class in the uncropped test; the first %1 measurements set the crops and are left out.</source>
        <translation>该类在未裁剪检验中的测量次数；前 %1 次测量用于确定裁剪阈值，不计入检验。</translation>
    </message>
    <message>
        <source>Stopped early: |t| passed %1 with enough measurements per class.</source>
        <translation>提前停止：每类测量已足够，且 |t| 超过了 %1。</translation>
    </message>
    <message>
        <source>Stopped when its budget of %1 s was spent.</source>
        <translation>用完 %1 秒的预算后停止。</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>停止：%1</translation>
    </message>
    <message>
        <source>|t| &gt; %1: the time depends on the inputs. Both classes change secrets and public values, so the step may depend on public values only.</source>
        <translation>|t| &gt; %1：时间依赖于输入。两类输入都会同时改变秘密值和公开值，因此该步骤也可能只依赖于公开值。</translation>
    </message>
    <message>
        <source>|t| stayed at or below %1. This does not prove the step constant-time: a longer run or another system may still find a dependence.</source>
        <translation>|t| 始终不超过 %1。这并不能证明该步骤是恒定时间的：更长的运行或另一个系统仍可能发现依赖。</translation>
    </message>
    <message>
        <source>Too few measurements to test (at least %1 are needed to calibrate).</source>
        <translation>测量太少，无法检验（校准至少需要 %1 次测量）。</translation>
    </message>
    <message>
        <source>Counter %1, unit %2, started %3</source>
        <translation>计数器 %1，单位 %2，开始于 %3</translation>
    </message>
    <message>
        <source>The dataset (system) or folder the check&apos;s record is in.</source>
        <translation>检查记录所在的数据集（系统）或文件夹。</translation>
    </message>
    <message>
        <source>The instance checked.</source>
        <translation>被检查的实例。</translation>
    </message>
    <message>
        <source>The operation timed.</source>
        <translation>被计时的操作。</translation>
    </message>
    <message>
        <source>The ELF machine of the library: a leak may show on one system only.</source>
        <translation>库的 ELF 机器类型：泄漏可能只在某一个系统上出现。</translation>
    </message>
    <message>
        <source>The largest |t| over the uncropped test and its crops; a leak above %1.</source>
        <translation>未裁剪检验及其各裁剪中的最大 |t|；超过 %1 即为泄漏。</translation>
    </message>
    <message>
        <source>The test the largest |t| came from: all measurements, or those below a percentile.</source>
        <translation>最大 |t| 所来自的检验：全部测量，或低于某一百分位的测量。</translation>
    </message>
    <message>
        <source>Measurements with the fixed inputs (every exchange from one seed).</source>
        <translation>固定输入的测量次数（每次交换都来自同一个种子）。</translation>
    </message>
    <message>
        <source>Measurements with random inputs (a fresh seed for each exchange).</source>
        <translation>随机输入的测量次数（每次交换使用新的种子）。</translation>
    </message>
    <message>
        <source>How long the check ran.</source>
        <translation>检查运行的时长。</translation>
    </message>
    <message>
        <source>leak, no leak detected, or n/a when there were too few measurements.</source>
        <translation>泄漏、未发现泄漏，或在测量太少时为不适用。</translation>
    </message>
    <message>
        <source>The counter that timed the operation.</source>
        <translation>为该操作计时的计数器。</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>max |t|</source>
        <translation>最大 |t|</translation>
    </message>
    <message>
        <source>Crop</source>
        <translation>裁剪</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>this host</source>
        <translation>本机</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::DatasetListModel</name>
    <message>
        <source>cycles (harness)</source>
        <translation>周期（harness）</translation>
    </message>
    <message>
        <source>time only (harness)</source>
        <translation>仅时间（harness）</translation>
    </message>
    <message>
        <source>%1 (live)</source>
        <translation>%1（测量中）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n record(s)</source>
        <translation>
            <numerusform>%1：%n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s)</source>
        <translation>
            <numerusform>%n 份剖析数据</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n KAT log(s)</source>
        <translation>
            <numerusform>%n 份 KAT 日志</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read; see the messages panel.</source>
        <translation>
            <numerusform>%n 个文件无法读取；请查看消息面板。</numerusform>
        </translation>
    </message>
    <message>
        <source>Live: a campaign is still writing into this dataset.</source>
        <translation>测量中：仍有测量任务在向该数据集写入。</translation>
    </message>
    <message>
        <source>Double-click to rename.</source>
        <translation>双击以重命名。</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始日期</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>记录数</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Name shown in tables and legends; double-click to rename.</source>
        <translation>在表格和图例中显示的名称；双击以重命名。</translation>
    </message>
    <message>
        <source>System identifier the campaign recorded (campaign.json system_id, else the folder name).</source>
        <translation>测量任务记录的系统标识（campaign.json 中的 system_id，否则为文件夹名）。</translation>
    </message>
    <message>
        <source>Processor model the campaign ran on.</source>
        <translation>测量任务运行所在的处理器型号。</translation>
    </message>
    <message>
        <source>When the campaign started (UTC).</source>
        <translation>测量任务的开始时间（UTC）。</translation>
    </message>
    <message>
        <source>Timing records (instance x operation) in the dataset.</source>
        <translation>数据集中的计时记录（实例 × 操作）。</translation>
    </message>
    <message>
        <source>Folder or bundle the dataset was loaded from.</source>
        <translation>加载该数据集的文件夹或数据包。</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>cycles (published page)</source>
        <translation>周期（已发布页面）</translation>
    </message>
    <message>
        <source>time only (published page)</source>
        <translation>仅时间（已发布页面）</translation>
    </message>
    <message>
        <source>%1 (cancelled)</source>
        <translation>%1（已取消）</translation>
    </message>
    <message>
        <source>%1 (partial)</source>
        <translation>%1（部分）</translation>
    </message>
    <message>
        <source>%1 (published page)</source>
        <translation>%1（已发布页面）</translation>
    </message>
    <message>
        <source>published page</source>
        <translation>已发布页面</translation>
    </message>
    <message>
        <source>bundle</source>
        <translation>数据包</translation>
    </message>
    <message>
        <source>campaign</source>
        <translation>测量任务</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 planned records measured.</source>
        <translation>已取消：计划的 %2 条记录中已测量 %1 条。</translation>
    </message>
    <message>
        <source>Partial: %1 of %2 planned records measured.</source>
        <translation>部分完成：计划的 %2 条记录中已测量 %1 条。</translation>
    </message>
    <message>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <source>Published page: trial-level figures only (no per-trial values, no per-iteration samples, no distributions); comparisons with it give no verdict.</source>
        <translation>已发布页面：只有试验层面的汇总数字（没有逐次试验的值、没有逐次迭代的样本、没有分布）；与它比较不会给出结论。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Campaign folder, bundle, or published page (trial-level figures only).</source>
        <translation>测量任务文件夹、数据包，或已发布页面（只有试验层面的汇总数字）。</translation>
    </message>
    <message>
        <source>%1 (failed)</source>
        <translation>%1（失败）</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::DistributionsPage</name>
    <message>
        <source>cycles (harness)</source>
        <translation>周期（harness）</translation>
    </message>
    <message>
        <source>%1 has no record for this instance and operation</source>
        <translation>%1 没有该实例和操作的记录</translation>
    </message>
    <message>
        <source>time: %1 has no counter values</source>
        <translation>时间：%1 没有计数器值</translation>
    </message>
    <message>
        <source>time-normalised: counters differ (%1)</source>
        <translation>按时间归一化：计数器不同（%1）</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>每次调用时间（%1）</translation>
    </message>
    <message>
        <source>%1 per call</source>
        <translation>每次调用的%1</translation>
    </message>
    <message>
        <source>%1: incomplete record</source>
        <translation>%1：记录不完整</translation>
    </message>
    <message>
        <source>%1: trial means only (n = %2 trials) — not a distribution</source>
        <translation>%1：仅有各次试验的均值（n = %2 次试验）—— 不是分布</translation>
    </message>
    <message>
        <source>%1: no samples in this unit</source>
        <translation>%1：此单位下没有样本</translation>
    </message>
    <message>
        <source>%1: %2 Tukey outlier(s) hidden</source>
        <translation>%1：已隐藏 %2 个 Tukey 离群值</translation>
    </message>
    <message>
        <source>%1: %2 value(s) ≤ 0 not shown on the log axis</source>
        <translation>%1：%2 个 ≤ 0 的值未在对数轴上显示</translation>
    </message>
    <message>
        <source>%1: axis zoomed to the bulk; %2 outlier(s) beyond it, up to %3 (drag to pan, or use Log scale)</source>
        <translation>%1：坐标轴已缩放到主体数据；另有 %2 个离群值超出范围，最大到 %3（拖动以平移，或使用对数刻度）</translation>
    </message>
    <message>
        <source>%1 (n = %2)</source>
        <translation>%1（n = %2）</translation>
    </message>
    <message>
        <source>%1 (%2 of n = %3 shown)</source>
        <translation>%1（显示 n = %3 中的 %2 个）</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No data: open a dataset</source>
        <translation>无数据：请打开一个数据集</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>fraction of iterations ≤ x</source>
        <translation>≤ x 的迭代比例</translation>
    </message>
    <message>
        <source>trial</source>
        <translation>试验</translation>
    </message>
    <message>
        <source>Save PDF</source>
        <translation>保存 PDF</translation>
    </message>
    <message>
        <source>Save PNG</source>
        <translation>保存 PNG</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>&amp;Instance:</source>
        <translation>实例(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Unit:</source>
        <translation>单位(&amp;U)：</translation>
    </message>
    <message>
        <source>A second dataset to draw over the first, e.g. x86 against ARM.</source>
        <translation>叠加在第一个数据集上绘制的第二个数据集，例如 x86 对比 ARM。</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>Box plot</source>
        <translation>箱线图</translation>
    </message>
    <message>
        <source>ECDF</source>
        <translation>ECDF</translation>
    </message>
    <message>
        <source>Histogram: Freedman–Diaconis bins. Box plot: median, quartiles, whiskers at 1.5 IQR, outliers beyond. ECDF: fraction of iterations at or below each value.</source>
        <translation>直方图：Freedman–Diaconis 分箱。箱线图：中位数、四分位数、1.5 IQR 处的须线，以及超出的离群值。ECDF：不大于各值的迭代比例。</translation>
    </message>
    <message>
        <source>Cycles (counter ticks)</source>
        <translation>周期数（计数器计数）</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Counter values are comparable only between records of the same counter; otherwise time is shown.</source>
        <translation>只有同一计数器的记录之间计数值才可比较；否则显示时间。</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Hide outliers</source>
        <translation>隐藏离群值</translation>
    </message>
    <message>
        <source>Leave out samples beyond Tukey&apos;s fences (1.5 IQR outside the quartiles).</source>
        <translation>略去 Tukey 围栏（四分位数以外 1.5 IQR）之外的样本。</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>保存 PNG…</translation>
    </message>
    <message>
        <source>Save PDF…</source>
        <translation>保存 PDF…</translation>
    </message>
    <message>
        <source>density (per decade of %1)</source>
        <translation>密度（每十倍程 %1）</translation>
    </message>
    <message>
        <source>density (1/%1)</source>
        <translation>密度（1/%1）</translation>
    </message>
    <message>
        <source>%1 – %2 %3</source>
        <translation>%1 – %2 %3</translation>
    </message>
    <message>
        <source>%1 %2: no samples in a bin here</source>
        <translation>%1 %2：此处的分箱中没有样本</translation>
    </message>
    <message>
        <source>%1: trial means only</source>
        <translation>%1：只有试验均值</translation>
    </message>
    <message>
        <source>%1: density 0</source>
        <translation>%1：密度 0</translation>
    </message>
    <message>
        <source>%1: density %2, %3 of %4 iterations</source>
        <translation>%1：密度 %2，%4 次迭代中的 %3 次</translation>
    </message>
    <message>
        <source>%1: %2 % of iterations ≤ this</source>
        <translation>%1：%2 % 的迭代不超过此值</translation>
    </message>
    <message>
        <source>%1: median %2, quartiles %3 – %4, whiskers %5 – %6</source>
        <translation>%1：中位数 %2，四分位数 %3 – %4，须线 %5 – %6</translation>
    </message>
    <message>
        <source>%1: trial %2: %3 %4 per call (the trial&apos;s mean)</source>
        <translation>%1：试验 %2：每次调用 %3 %4（该试验的平均值）</translation>
    </message>
    <message>
        <source>Trial means only (harness data): point at a trial to read it.</source>
        <translation>只有试验平均值（harness 数据）：指向某次试验即可读取其数值。</translation>
    </message>
    <message>
        <source>D&amp;ataset:</source>
        <translation>数据集(&amp;A)：</translation>
    </message>
    <message>
        <source>Operatio&amp;n:</source>
        <translation>操作(&amp;N)：</translation>
    </message>
    <message>
        <source>Overla&amp;y:</source>
        <translation>叠加(&amp;Y)：</translation>
    </message>
    <message>
        <source>Plot:</source>
        <translation>图形：</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::HostBox</name>
    <message>
        <source>%1 is listed already.</source>
        <translation>%1 已在列表中。</translation>
    </message>
    <message>
        <source>ssh configuration file</source>
        <translation>ssh 配置文件</translation>
    </message>
    <message>
        <source>CPU model unknown</source>
        <translation>CPU 型号未知</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
    <message>
        <source>no cpufreq governor</source>
        <translation>无 cpufreq 调速器</translation>
    </message>
    <message>
        <source>governor %1</source>
        <translation>调速器 %1</translation>
    </message>
    <message>
        <source>%1 free for the cache</source>
        <translation>缓存可用空间 %1</translation>
    </message>
    <message>
        <source>%1: connecting…</source>
        <translation>%1：正在连接…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>This m&amp;achine</source>
        <translation>本机(&amp;A)</translation>
    </message>
    <message>
        <source>Runner children run here, pinned as set under Measuring.</source>
        <translation>运行器子进程在本机运行，按“测量”中的设置绑定 CPU。</translation>
    </message>
    <message>
        <source>Other hosts over ssh</source>
        <translation>通过 ssh 连接的其他主机</translation>
    </message>
    <message>
        <source>Runner children run on the hosts below through OpenSSH (key or agent login, no password prompts); the runner and the instance libraries are copied there and the records are written here. Hosts of one campaign must be one system: same architecture and CPU.</source>
        <translation>运行器子进程通过 OpenSSH 在下列主机上运行（使用密钥或代理登录，不会询问密码）；运行器和实例库会复制到那里，记录写在本机。同一测量任务的主机必须是同一系统：相同的架构和 CPU。</translation>
    </message>
    <message>
        <source>Hosts (double-click one to edit it):</source>
        <translation>主机（双击可编辑）：</translation>
    </message>
    <message>
        <source>[user@]host[:port]</source>
        <translation>[用户@]主机[:端口]</translation>
    </message>
    <message>
        <source>A host as ssh knows it: a name from the ssh config file, or user@address:port. Enter adds it.</source>
        <translation>ssh 能识别的主机：ssh 配置文件中的名称，或 用户@地址:端口。按回车键添加。</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add the host typed on the left.</source>
        <translation>添加左侧输入的主机。</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected hosts.</source>
        <translation>移除选中的主机。</translation>
    </message>
    <message>
        <source>ssh config file:</source>
        <translation>ssh 配置文件：</translation>
    </message>
    <message>
        <source>ssh&apos;s default</source>
        <translation>ssh 的默认配置</translation>
    </message>
    <message>
        <source>Passed to ssh as -F: host names, users, ports and keys for the hosts; empty: ssh&apos;s own (~/.ssh/config).</source>
        <translation>作为 -F 传给 ssh：其中写有这些主机的主机名、用户、端口和密钥；留空则使用 ssh 自己的配置（~/.ssh/config）。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the ssh configuration file.</source>
        <translation>选择 ssh 配置文件。</translation>
    </message>
    <message>
        <source>Connect to every listed host and show what it is: architecture, CPU, kernel, governor and the free space for kexbench&apos;s cache.</source>
        <translation>连接列出的每台主机并显示其情况：架构、CPU、内核、调速器以及 kexbench 缓存的可用空间。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::InstanceTreeModel</name>
    <message>
        <source>Built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>Baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Submissions</source>
        <translation>候选提交</translation>
    </message>
    <message>
        <source>Parameter set</source>
        <translation>参数集</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Build flags</source>
        <translation>编译选项</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Reference instances built with kexbench.</source>
        <translation>随 kexbench 构建的参考实例。</translation>
    </message>
    <message>
        <source>Candidate libraries added from outside kexbench.</source>
        <translation>从 kexbench 之外添加的候选库。</translation>
    </message>
    <message>
        <source>Check to measure every instance of this family.</source>
        <translation>勾选以测量该族中的全部实例。</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>协议轮数</translation>
    </message>
    <message>
        <source>pk (B)</source>
        <translation>pk (B)</translation>
    </message>
    <message>
        <source>sk (B)</source>
        <translation>sk (B)</translation>
    </message>
    <message>
        <source>ss (B)</source>
        <translation>ss (B)</translation>
    </message>
    <message>
        <source>Messages (B)</source>
        <translation>消息 (B)</translation>
    </message>
    <message>
        <source>ALGORITHM_INSTANCE, grouped by family. Check the instances to measure.</source>
        <translation>ALGORITHM_INSTANCE，按族分组。勾选要测量的实例。</translation>
    </message>
    <message>
        <source>Protocol passes the library declares (kex_get_passes).</source>
        <translation>库声明的协议轮数（kex_get_passes）。</translation>
    </message>
    <message>
        <source>Security level the library claims, in bits.</source>
        <translation>库声称的安全级别，单位为比特。</translation>
    </message>
    <message>
        <source>Long-term public key capacity in bytes (kex_get_pk_bytes).</source>
        <translation>长期公钥的容量，单位为字节（kex_get_pk_bytes）。</translation>
    </message>
    <message>
        <source>Long-term secret key capacity in bytes (kex_get_sk_bytes).</source>
        <translation>长期私钥的容量，单位为字节（kex_get_sk_bytes）。</translation>
    </message>
    <message>
        <source>Shared secret length in bytes (kex_get_ss_bytes).</source>
        <translation>共享密钥的长度，单位为字节（kex_get_ss_bytes）。</translation>
    </message>
    <message>
        <source>Capacity of all protocol messages together, in bytes (kex_get_total_msg_bytes). %1</source>
        <translation>全部协议消息的总容量，单位为字节（kex_get_total_msg_bytes）。%1</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>比特</translation>
    </message>
    <message>
        <source>Standard references to judge candidates against: ML-KEM (FIPS 203) key exchanges and SM2 key exchange (GB/T 32918.3).</source>
        <translation>评判候选算法所用的标准参照：基于 ML-KEM（FIPS 203）的密钥交换与 SM2 密钥交换（GB/T 32918.3）。</translation>
    </message>
    <message>
        <source>Name clash:</source>
        <translation>名称冲突：</translation>
    </message>
    <message>
        <source>%1: answers not checked</source>
        <translation>%1：答案未经核对</translation>
    </message>
    <message>
        <source>KAT did not pass at build time (%1): campaigns mark its results</source>
        <translation>构建时 KAT 未通过（%1）：测量任务会标记其结果</translation>
    </message>
    <message>
        <source>Measured as</source>
        <translation>测量名称</translation>
    </message>
    <message>
        <source>%1, a variant of %2: its records are filed under this label, beside other builds of %2.</source>
        <translation>%1，%2 的一个变体：其记录以此标签归档，与 %2 的其他构建并列。</translation>
    </message>
    <message>
        <source>To measure both side by side, right-click one and choose Measure as variant….</source>
        <translation>若要并列测量两者，请右键单击其中一个并选择“作为变体测量…”。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::MainWindow</name>
    <message>
        <source>kexbench workbench</source>
        <translation>kexbench 工作台</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>R&amp;esults</source>
        <translation>结果(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Distributions</source>
        <translation>分布(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Re&amp;port</source>
        <translation>报告(&amp;P)</translation>
    </message>
    <message>
        <source>Measure the checked instances into a new campaign folder.</source>
        <translation>测量勾选的实例，结果写入新的测量任务文件夹。</translation>
    </message>
    <message>
        <source>Figures of every dataset: instance x operation, sortable and filterable.</source>
        <translation>所有数据集的数值：实例 × 操作，可排序、可筛选。</translation>
    </message>
    <message>
        <source>Per-iteration distributions of one operation.</source>
        <translation>某一操作的逐次迭代分布。</translation>
    </message>
    <message>
        <source>Two datasets or instances side by side.</source>
        <translation>并排比较两个数据集或实例。</translation>
    </message>
    <message>
        <source>The published report layout for a dataset, with export.</source>
        <translation>按公开报告版式生成数据集报告，并可导出。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Open dataset &amp;folder…</source>
        <translation>打开数据集文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a campaign folder (harness or kexbench layout).</source>
        <translation>打开测量任务文件夹（harness 或 kexbench 布局）。</translation>
    </message>
    <message>
        <source>Open &amp;bundle…</source>
        <translation>打开数据包(&amp;B)…</translation>
    </message>
    <message>
        <source>Open a kexbench bundle (.kxb).</source>
        <translation>打开 kexbench 数据包（.kxb）。</translation>
    </message>
    <message>
        <source>Add instance &amp;library…</source>
        <translation>添加实例库(&amp;L)…</translation>
    </message>
    <message>
        <source>Describe an ICCS instance library (.so) in a runner child and list it.</source>
        <translation>在运行器子进程中描述一个 ICCS 实例库（.so）并将其列出。</translation>
    </message>
    <message>
        <source>&amp;Rescan instances</source>
        <translation>重新扫描实例(&amp;R)</translation>
    </message>
    <message>
        <source>Look for instance libraries on the search path again.</source>
        <translation>在搜索路径上重新查找实例库。</translation>
    </message>
    <message>
        <source>&amp;Remove dataset</source>
        <translation>移除数据集(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Method</source>
        <translation>测量方法(&amp;M)</translation>
    </message>
    <message>
        <source>How kexbench measures, and what every figure means.</source>
        <translation>kexbench 如何测量，以及每个数值的含义。</translation>
    </message>
    <message>
        <source>&amp;About kexbench</source>
        <translation>关于 kexbench(&amp;A)</translation>
    </message>
    <message>
        <source>Algorithms</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Check the instances to measure on the Run page.</source>
        <translation>勾选要在“运行”页测量的实例。</translation>
    </message>
    <message>
        <source>Add instance library…</source>
        <translation>添加实例库…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Open datasets. Drop campaign folders or .kxb bundles onto the window to open them; double-click a label to rename it.</source>
        <translation>已打开的数据集。把测量任务文件夹或 .kxb 数据包拖到窗口上即可打开；双击标签可重命名。</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>Open bundle…</source>
        <translation>打开数据包…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Close the selected datasets (the files stay on disk) (Del).</source>
        <translation>关闭选中的数据集（文件仍保留在磁盘上）(Del)。</translation>
    </message>
    <message>
        <source>How kexbench measures</source>
        <translation>kexbench 的测量方法</translation>
    </message>
    <message>
        <source>The %1 translation is not available; staying with English.</source>
        <translation>%1 翻译不可用；继续使用英文。</translation>
    </message>
    <message>
        <source>Open dataset folder</source>
        <translation>打开数据集文件夹</translation>
    </message>
    <message>
        <source>Open bundle</source>
        <translation>打开数据包</translation>
    </message>
    <message>
        <source>Add instance library</source>
        <translation>添加实例库</translation>
    </message>
    <message>
        <source>Instance libraries (*.so);;All files (*)</source>
        <translation>实例库 (*.so);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is still being measured; cancel the campaign before removing it.</source>
        <translation>%1 仍在测量中；请先取消测量任务再移除。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>The method description is missing from this build.</source>
        <translation>此版本中缺少测量方法说明。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;kexbench %1&lt;/h3&gt;&lt;p&gt;Measures ICCS key-exchange instance libraries: timing, memory, stack and bandwidth, in the layout of the published ngcc-harness pages.&lt;/p&gt;&lt;p&gt;Qt %2&lt;br&gt;QCustomPlot %3&lt;br&gt;%4&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;kexbench %1&lt;/h3&gt;&lt;p&gt;测量 ICCS 密钥交换实例库：计时、内存、栈和带宽，版式与公开的 ngcc-harness 页面一致。&lt;/p&gt;&lt;p&gt;Qt %2&lt;br&gt;QCustomPlot %3&lt;br&gt;%4&lt;/p&gt;&lt;p&gt;依据 GNU 通用公共许可证第 3 版或更高版本授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About kexbench</source>
        <translation>关于 kexbench</translation>
    </message>
    <message>
        <source>A campaign is running</source>
        <translation>测量任务正在运行</translation>
    </message>
    <message>
        <source>Quit and cancel the running campaign? Finished records are kept, and the same output folder resumes it later.</source>
        <translation>退出并取消正在运行的测量任务吗？已完成的记录会保留，以后使用同一输出文件夹即可继续。</translation>
    </message>
    <message>
        <source>Add &amp;submission folder…</source>
        <translation>添加提交文件夹(&amp;S)…</translation>
    </message>
    <message>
        <source>Add submission folder…</source>
        <translation>添加提交文件夹…</translation>
    </message>
    <message>
        <source>Build a submission folder as it is shipped into an instance library with the system compiler, check its KAT and list it.</source>
        <translation>用系统编译器将按原样提交的文件夹构建为实例库，检查其 KAT 并列出。</translation>
    </message>
    <message>
        <source>kexbench bundles (*.kxb);;Published pages (perf_*.md *.md);;All files (*)</source>
        <translation>kexbench 数据包 (*.kxb);;已发布页面 (perf_*.md *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The submission library %1 built earlier is gone; it is no longer listed.</source>
        <translation>先前构建的提交库 %1 已不存在；不再列出。</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Every iteration of one operation in order, trial by trial: drift and disturbed trials.</source>
        <translation>一个操作的每次迭代按顺序逐个试验显示：漂移和受干扰的试验。</translation>
    </message>
    <message>
        <source>C&amp;onstant time</source>
        <translation>恒定时间(&amp;O)</translation>
    </message>
    <message>
        <source>Constant-time checks (kexbench-cli ct): each system&apos;s verdict side by side, and the time distributions of fixed against random inputs.</source>
        <translation>恒定时间检查（kexbench-cli ct）：各系统的结论并列显示，以及固定输入和随机输入的时间分布。</translation>
    </message>
    <message>
        <source>Measure as &amp;variant…</source>
        <translation>作为变体测量(&amp;V)…</translation>
    </message>
    <message>
        <source>Give this library a variant name: a campaign files it as NAME@variant, so two builds of one instance are measured side by side.</source>
        <translation>为此库指定变体名称：测量任务将其归档为 NAME@variant，从而并列测量同一实例的两个构建。</translation>
    </message>
    <message>
        <source>Measure as variant</source>
        <translation>作为变体测量</translation>
    </message>
    <message>
        <source>Variant name for %1 (%2): a campaign files it as %1@variant, beside other builds of %1 (e.g. ref, opt). Empty: measured under its own name.</source>
        <translation>%1（%2）的变体名称：测量任务将其归档为 %1@variant，与 %1 的其他构建并列（例如 ref、opt）。留空：以其自身名称测量。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::ReportPage</name>
    <message>
        <source>en</source>
        <comment>language code of the report: this translation&apos;s own, e.g. zh_CN</comment>
        <translation>zh_CN</translation>
    </message>
    <message>
        <source>The dataset (campaign folder or bundle) to report.</source>
        <translation>要生成报告的数据集（测量任务文件夹或数据包）。</translation>
    </message>
    <message>
        <source>The candidate to report; &quot;All candidates&quot; reports every one, as kexbench-cli report does for a campaign with several.</source>
        <translation>要报告的候选算法；“全部候选算法”会报告每一个，与 kexbench-cli report 对含多个候选算法的测量任务的做法相同。</translation>
    </message>
    <message>
        <source>All candidates</source>
        <translation>全部候选算法</translation>
    </message>
    <message>
        <source>optional display name for the title and section 1</source>
        <translation>可选，用于标题和第 1 节的显示名称</translation>
    </message>
    <message>
        <source>Shown in the title and in section 1 instead of the candidate id, e.g. the algorithm&apos;s full (or Chinese) name. Empty: the report of kexbench-cli.</source>
        <translation>在标题和第 1 节中代替候选算法标识显示，例如算法的全称（或中文名称）。留空：与 kexbench-cli 的报告相同。</translation>
    </message>
    <message>
        <source>Choose the kex_bandwidth.csv that section 6 takes protocol bytes and public keys from (like --accounting).</source>
        <translation>选择第 6 节读取协议字节数和公钥大小所用的 kex_bandwidth.csv（同 --accounting）。</translation>
    </message>
    <message>
        <source>Defa&amp;ult</source>
        <translation>默认(&amp;U)</translation>
    </message>
    <message>
        <source>Look for kex_bandwidth.csv two folders above the campaign, as kexbench-cli report does.</source>
        <translation>在测量任务上两级文件夹中查找 kex_bandwidth.csv，与 kexbench-cli report 的做法相同。</translation>
    </message>
    <message>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <source>C&amp;SV…</source>
        <translation>C&amp;SV…</translation>
    </message>
    <message>
        <source>The report in the Markdown layout of the published pages.</source>
        <translation>采用公开页面 Markdown 版式的报告。</translation>
    </message>
    <message>
        <source>A self-contained HTML page (no scripts, no external resources).</source>
        <translation>自包含的 HTML 页面（无脚本、无外部资源）。</translation>
    </message>
    <message>
        <source>The preview laid out on A4 pages.</source>
        <translation>按 A4 页面排版的预览。</translation>
    </message>
    <message>
        <source>No dataset is open.

Open a campaign folder or a bundle (File ▸ Open dataset…), or measure one on the Run page; its report of sections 1–7 appears here, ready to export as CSV, Markdown, HTML or PDF.</source>
        <translation>没有打开的数据集。

请打开一个测量任务文件夹或数据包（文件 ▸ 打开数据集…），或在“运行”页测量一个；它第 1–7 节的报告会显示在这里，可导出为 CSV、Markdown、HTML 或 PDF。</translation>
    </message>
    <message>
        <source>Accounting file: %1</source>
        <translation>计量文件：%1</translation>
    </message>
    <message>
        <source>Accounting file: …</source>
        <translation>计量文件：…</translation>
    </message>
    <message>
        <source>Accounting file: none given; section 6 falls back to the API sizes and says so. Choose one with “Accounting file…”, or put kex_bandwidth.csv in the campaign folder.</source>
        <translation>计量文件：未指定；第 6 节改用 API 声明的大小并加以说明。可通过“计量文件…”选择一个，或将 kex_bandwidth.csv 放入测量任务文件夹。</translation>
    </message>
    <message>
        <source>Accounting file: none at %1; section 6 falls back to the API sizes and says so. Choose one with “Accounting file…”.</source>
        <translation>计量文件：%1 处没有；第 6 节改用 API 声明的大小并加以说明。可通过“计量文件…”选择一个。</translation>
    </message>
    <message>
        <source>Building the report…</source>
        <translation>正在生成报告…</translation>
    </message>
    <message>
        <source>No report: the accounting file could not be read. Choose another one or return to the default.</source>
        <translation>无法生成报告：计量文件无法读取。请选择另一个文件或恢复默认。</translation>
    </message>
    <message>
        <source>This dataset has no timing records yet; sections 4–6 stay empty (kexbench-cli report refuses such a dataset).</source>
        <translation>该数据集还没有计时记录；第 4–6 节为空（kexbench-cli report 会拒绝这样的数据集）。</translation>
    </message>
    <message>
        <source>This report has the same tables and cells as kexbench-cli report %1.</source>
        <translation>本报告的表格和单元格与 kexbench-cli report %1 的相同。</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n CSV file(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个 CSV 文件写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s)).</source>
        <translation>
            <numerusform>已写入 %1（%n 页）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>The %1 export failed:
%2</source>
        <translation>%1 导出失败：
%2</translation>
    </message>
    <message>
        <source>Accounting file (kex_bandwidth.csv)</source>
        <translation>计量文件（kex_bandwidth.csv）</translation>
    </message>
    <message>
        <source>Bandwidth accounting (*.csv);;All files (*)</source>
        <translation>带宽计量 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Folder for the CSV tables</source>
        <translation>CSV 表格所在文件夹</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export Markdown</source>
        <translation>导出 Markdown</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Export HTML</source>
        <translation>导出 HTML</translation>
    </message>
    <message>
        <source>HTML (*.html *.htm)</source>
        <translation>HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>导出 PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>One RFC 4180 CSV file per table (&lt;dataset-label&gt;-&lt;table-id&gt;.csv) into a folder; asks before replacing files of those names.</source>
        <translation>每个表格一个 RFC 4180 CSV 文件（&lt;dataset-label&gt;-&lt;table-id&gt;.csv），写入一个文件夹；同名文件已存在时先询问再替换。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Replace CSV files?</source>
        <translation>替换 CSV 文件？</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of this export already exist in %1:</source>
        <translation>
            <numerusform>本次导出的 %n 个文件已存在于 %1：</numerusform>
        </translation>
    </message>
    <message>
        <source>Replace them?</source>
        <translation>要替换它们吗？</translation>
    </message>
    <message>
        <source>D&amp;ataset:</source>
        <translation>数据集(&amp;A)：</translation>
    </message>
    <message>
        <source>Ca&amp;ndidate:</source>
        <translation>候选算法(&amp;N)：</translation>
    </message>
    <message>
        <source>Algor&amp;ithm name:</source>
        <translation>算法名称(&amp;I)：</translation>
    </message>
    <message>
        <source>Accountin&amp;g file…</source>
        <translation>计量文件(&amp;G)…</translation>
    </message>
    <message>
        <source>Mar&amp;kdown…</source>
        <translation>Mar&amp;kdown…</translation>
    </message>
    <message>
        <source>HT&amp;ML…</source>
        <translation>HT&amp;ML…</translation>
    </message>
    <message>
        <source>PDF…</source>
        <translation>PDF…</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::ResultsPage</name>
    <message numerus="yes">
        <source>%1 of %n record(s)</source>
        <translation>
            <numerusform>%1 / %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter by instance, operation or dataset</source>
        <translation>按实例、操作或数据集筛选</translation>
    </message>
    <message>
        <source>Every word must occur in the dataset, instance or operation (case-insensitive).</source>
        <translation>每个词都必须出现在数据集、实例或操作中（不区分大小写）。</translation>
    </message>
    <message>
        <source>Failed only</source>
        <translation>仅失败的</translation>
    </message>
    <message>
        <source>Show only records that are not complete.</source>
        <translation>只显示不完整的记录。</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>&lt;b&gt;Host load measured in %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;%1 测得的主机负载：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>Host load each campaign measured while it ran (campaign.json measured_warnings): figures measured under load can be slower and noisier.</source>
        <translation>每个测量活动运行时测得的主机负载（campaign.json measured_warnings）：在负载下测得的数值可能更慢、波动更大。</translation>
    </message>
    <message>
        <source>Copy the selected rows (all shown rows when none is selected) as RFC 4180 CSV: plain numbers in base units, the unit in each column name. Only the shown columns are copied; columns hidden with the column chooser are left out.</source>
        <translation>将所选行（未选择时为所有显示的行）复制为 RFC 4180 CSV：以基本单位表示的纯数字，单位写在各列名中。只复制显示的列；用列选择器隐藏的列不复制。</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Choose the columns to show (also on a right-click on the table header). Dataset, instance and operation stay in view when the table scrolls sideways. Copy as CSV copies the shown columns.</source>
        <translation>选择要显示的列（也可右键单击表头）。表格横向滚动时，数据集、实例和操作列保持可见。“复制为 CSV”复制显示的列。</translation>
    </message>
    <message>
        <source>Show all columns</source>
        <translation>显示所有列</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n row(s) as CSV.</source>
        <translation>
            <numerusform>已将 %n 行复制为 CSV。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (no figure in any record)</source>
        <translation>%1（所有记录均无此数值）</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::ResultsTableModel</name>
    <message>
        <source>cycles (harness)</source>
        <translation>周期（harness）</translation>
    </message>
    <message>
        <source>time only (harness)</source>
        <translation>仅时间（harness）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>Dataset %1</source>
        <translation>数据集 %1</translation>
    </message>
    <message>
        <source>%1 (candidate %2)</source>
        <translation>%1（候选算法 %2）</translation>
    </message>
    <message>
        <source>Timed operation %1</source>
        <translation>计时操作 %1</translation>
    </message>
    <message>
        <source>Incomplete record: %1</source>
        <translation>记录不完整：%1</translation>
    </message>
    <message>
        <source>complete: every trial finished</source>
        <translation>完整：所有试验均已完成</translation>
    </message>
    <message>
        <source>Unit: %1</source>
        <translation>单位：%1</translation>
    </message>
    <message numerus="yes">
        <source>From %n per-iteration sample(s).</source>
        <translation>
            <numerusform>来自 %n 个逐次迭代样本。</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported harness record: trial totals only.</source>
        <translation>导入的 harness 记录：只有各次试验的总计。</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>n (trials × iters)</source>
        <translation>n（试验 × 迭代）</translation>
    </message>
    <message>
        <source>Mean %1</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <source>%1 (bytes)</source>
        <translation>%1（字节）</translation>
    </message>
    <message>
        <source>The dataset (campaign) the record belongs to.</source>
        <translation>记录所属的数据集（测量任务）。</translation>
    </message>
    <message>
        <source>Instance label, in natural order (ADKEX-128 before ADKEX-1024).</source>
        <translation>实例标签，按自然顺序排列（ADKEX-128 在 ADKEX-1024 之前）。</translation>
    </message>
    <message>
        <source>Timed operation, in the order of the published tables.</source>
        <translation>计时的操作，按公开表格的顺序排列。</translation>
    </message>
    <message>
        <source>Why the record is incomplete, when it is.</source>
        <translation>记录不完整时的原因。</translation>
    </message>
    <message>
        <source>Counter units: %1</source>
        <translation>计数器单位：%1</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>median of trial medians</source>
        <translation>试验中位数的中位数</translation>
    </message>
    <message>
        <source>median of trial means</source>
        <translation>试验均值的中位数</translation>
    </message>
    <message>
        <source>trial %1 (attempt %2): %3</source>
        <translation>第 %1 次试验（第 %2 次尝试）：%3</translation>
    </message>
    <message>
        <source>no reason recorded</source>
        <translation>未记录原因</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 (+%2 retried)</source>
        <translation>%1（另重试 %2 次）</translation>
    </message>
    <message>
        <source>Mean over all timed calls (published method): total timed wall time divided by the number of timed calls.</source>
        <translation>所有计时调用的平均值（已发布方法）：计时的总墙钟时间除以计时调用次数。</translation>
    </message>
    <message>
        <source>Median trial: median of the per-trial means (published method).</source>
        <translation>中位试验：各次试验均值的中位数（已发布方法）。</translation>
    </message>
    <message>
        <source>Timed calls per second of timed wall time: 1 / the mean over all timed calls (published method).</source>
        <translation>每秒计时墙钟时间内的计时调用次数：1 / 所有计时调用的平均值（已发布方法）。</translation>
    </message>
    <message>
        <source>Median of trial medians (kexbench): each trial is one fresh runner process, its value the median of its timed calls. Harness records without samples: the median of trial means.</source>
        <translation>试验中位数的中位数（kexbench）：每次试验是一个新的 runner 进程，其值为该试验计时调用的中位数。没有样本的 harness 记录：试验均值的中位数。</translation>
    </message>
    <message>
        <source>95 % confidence interval over trials of the median of trial medians (kexbench), as relative width (high − low) / median; distribution-free, so n/a below 6 trials.</source>
        <translation>试验中位数的中位数在各次试验上的 95% 置信区间（kexbench），以相对宽度（上限 − 下限）/ 中位数表示；无分布假设，因此少于 6 次试验时不适用。</translation>
    </message>
    <message>
        <source>Kept trials, kexbench&apos;s unit of replication (one fresh runner process each); &quot;+N retried&quot;: disturbed attempts that were run again.</source>
        <translation>保留的试验次数，即 kexbench 的重复单位（每次一个新的 runner 进程）；“另重试 N 次”：受干扰后重新运行的尝试。</translation>
    </message>
    <message>
        <source>Consistency checks: timer-limited steps, disturbed trials, dropped tick pairs, and an exchange more than 15 % away from the sum of its steps (mean over calls).</source>
        <translation>一致性检查：受定时器限制的步骤、受干扰的试验、丢弃的计数对，以及与其各步骤之和相差超过 15% 的交换（按调用平均）。</translation>
    </message>
    <message>
        <source>No trial values: the record has no samples or trial totals.</source>
        <translation>没有试验值：该记录既没有样本也没有试验总计。</translation>
    </message>
    <message>
        <source>A distribution-free 95 % interval of the median needs at least 6 trials.</source>
        <translation>无分布假设的中位数 95% 区间至少需要 6 次试验。</translation>
    </message>
    <message>
        <source>95 % CI: %1 – %2</source>
        <translation>95% 置信区间：%1 – %2</translation>
    </message>
    <message>
        <source>Disturbed kept trials:</source>
        <translation>受干扰但保留的试验：</translation>
    </message>
    <message>
        <source>Exchange vs sum of its steps, within 15 %: %1</source>
        <translation>交换与其各步骤之和相差在 15% 以内：%1</translation>
    </message>
    <message>
        <source>No check flagged this record.</source>
        <translation>没有检查标记此记录。</translation>
    </message>
    <message>
        <source>Median trial</source>
        <translation>中位试验</translation>
    </message>
    <message>
        <source>kexbench median</source>
        <translation>kexbench 中位数</translation>
    </message>
    <message>
        <source>95 % CI (trials)</source>
        <translation>95% 置信区间（按试验）</translation>
    </message>
    <message>
        <source>kexbench median cycles</source>
        <translation>kexbench 周期中位数</translation>
    </message>
    <message>
        <source>kexbench median %1</source>
        <translation>kexbench 中位数 %1</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>试验</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %n trial(s).</source>
        <translation>
            <numerusform>%1，共 %n 次试验。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disturbed attempt(s) were run again; they stay in the record, outside the statistics.</source>
        <translation>
            <numerusform>%n 次受干扰的尝试已重新运行；它们保留在记录中，但不计入统计。</numerusform>
        </translation>
    </message>
    <message>
        <source>protocol messages %1 + public key A %2 + public key B %3</source>
        <translation>协议消息 %1 + 公钥 A %2 + 公钥 B %3</translation>
    </message>
    <message>
        <source>From the bandwidth accounting file %1, as in the report&apos;s section 6.</source>
        <translation>取自带宽核算文件 %1，与报告第 6 节相同。</translation>
    </message>
    <message>
        <source>API sizes of the instance&apos;s exchange record (no accounting entry), as in the report&apos;s section 6.</source>
        <translation>该实例交换记录中的 API 大小（没有核算条目），与报告第 6 节相同。</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>no KAT file</source>
        <translation>无 KAT 文件</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>failed: %1 %2</source>
        <translation>失败：%1 %2</translation>
    </message>
    <message>
        <source>Mean over all timed calls (published method): the counter summed over every timed call, divided by the number of calls, in core cycles (a PMU counter or the harness&apos;s cycle count).</source>
        <translation>所有计时调用的平均值（已发布方法）：所有计时调用的计数器之和除以调用次数，单位为核心周期（PMU 计数器或 harness 的周期计数）。</translation>
    </message>
    <message>
        <source>Mean over all timed calls (published method): the counter summed over every timed call, divided by the number of calls, for counters that do not count core cycles (TSC or timer ticks, see Counter). Sorting keeps each unit together.</source>
        <translation>所有计时调用的平均值（已发布方法）：所有计时调用的计数器之和除以调用次数，用于不计核心周期的计数器（TSC 或定时器计数，见“计数器”）。排序时同一单位的行保持在一起。</translation>
    </message>
    <message>
        <source>The instance&apos;s known-answer test in this dataset (build.json, its KAT log): passed, failed (with the log&apos;s reason), no KAT file (the check found nothing to compare with) or not run (the campaign skipped the KATs).</source>
        <translation>该实例在本数据集中的已知答案测试（build.json 及其 KAT 日志）：通过、失败（附日志中的原因）、无 KAT 文件（检查找不到可比对的内容）或未运行（测量任务跳过了 KAT）。</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Log: %1</source>
        <translation>日志：%1</translation>
    </message>
    <message>
        <source>This record counts in %1: see the %2 column.</source>
        <translation>该记录以 %1 计数：见“%2”列。</translation>
    </message>
    <message>
        <source>Mean ticks</source>
        <translation>平均计数</translation>
    </message>
    <message>
        <source>kexbench median ticks</source>
        <translation>kexbench 计数中位数</translation>
    </message>
    <message>
        <source>KAT</source>
        <translation>KAT</translation>
    </message>
    <message>
        <source>Median of trial medians of the counter (kexbench): each trial is one fresh runner process. Harness records without samples: the median of trial means (each trial&apos;s cycle count divided by its calls).</source>
        <translation>计数器的试验中位数之中位数（kexbench）：每次试验是一个全新的运行子进程。没有样本的 harness 记录：试验均值的中位数（每次试验的周期数除以其调用次数）。</translation>
    </message>
    <message>
        <source>Heap peak, from kexbench&apos;s memory pass (an untimed pass of its own runner child): the highest level of live requested bytes above the level at the step&apos;s start, the largest over the pass&apos;s exchanges; glibc&apos;s rounding up to usable block sizes is not included. As in the report&apos;s section 5, &quot;Memory per operation (kexbench)&quot;.</source>
        <translation>堆峰值，来自 kexbench 的内存测量轮（其运行子进程中单独的不计时轮次）：高于该步骤开始时水平的存活请求字节数的最高值，取该轮各次交换中的最大值；不包括 glibc 将每个块向上取整到可用大小的部分。与报告第 5 节“每次操作的内存（kexbench）”相同。</translation>
    </message>
    <message>
        <source>Allocations per operation, from kexbench&apos;s memory pass: allocating calls per operation, the mean over the pass&apos;s exchanges. As in the report&apos;s section 5, &quot;Memory per operation (kexbench)&quot;.</source>
        <translation>每次操作的分配次数，来自 kexbench 的内存测量轮：每次操作的分配调用次数，取该轮各次交换的均值。与报告第 5 节“每次操作的内存（kexbench）”相同。</translation>
    </message>
    <message>
        <source>Stack peak, from kexbench&apos;s memory pass: the deepest stack use below the step&apos;s entry stack pointer, to the word, the return address not counted. As in the report&apos;s section 5.</source>
        <translation>栈峰值，来自 kexbench 的内存测量轮：低于该步骤入口栈指针的最深栈使用量，精确到字，不计返回地址。与报告第 5 节相同。</translation>
    </message>
    <message>
        <source>n/a: the harness recorded no cycle count for some trial (it counted time only), so there is no median of trial means in cycles.</source>
        <translation>不适用：harness 未记录某次试验的周期数（只计了时间），因此没有以周期计的试验均值中位数。</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>不适用：%1</translation>
    </message>
    <message numerus="yes">
        <source>Memory pass of %n exchange(s).</source>
        <translation>
            <numerusform>内存测量轮共 %n 次交换。</numerusform>
        </translation>
    </message>
    <message>
        <source>Heap peak (bytes)</source>
        <translation>堆峰值（字节）</translation>
    </message>
    <message>
        <source>Allocations/op (mean)</source>
        <translation>每次操作分配次数（均值）</translation>
    </message>
    <message>
        <source>Stack peak (bytes)</source>
        <translation>栈峰值（字节）</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::RunPage</name>
    <message>
        <source>Operations to time</source>
        <translation>计时的操作</translation>
    </message>
    <message>
        <source>All operations of each instance</source>
        <translation>每个实例的全部操作</translation>
    </message>
    <message>
        <source>exchange, init_a, init_b, every pass and both derivations, as the instance defines them.</source>
        <translation>按实例的定义：exchange、init_a、init_b、每一轮协议以及双方的密钥导出。</translation>
    </message>
    <message>
        <source>One whole key exchange, both parties, every pass.</source>
        <translation>一次完整的密钥交换：双方、所有协议轮。</translation>
    </message>
    <message>
        <source>Party A&apos;s initialisation (kex_init_a).</source>
        <translation>A 方的初始化（kex_init_a）。</translation>
    </message>
    <message>
        <source>Party B&apos;s initialisation (kex_init_b).</source>
        <translation>B 方的初始化（kex_init_b）。</translation>
    </message>
    <message>
        <source>Each protocol pass on its own (pass1 ... passN of each instance); an instance with fewer passes reports the ones it does not have.</source>
        <translation>单独计时每一轮协议（各实例的 pass1 … passN）；轮数较少的实例会报告它没有的轮。</translation>
    </message>
    <message>
        <source>Party A&apos;s shared-secret derivation (kex_derive_ss_a).</source>
        <translation>A 方的共享密钥导出（kex_derive_ss_a）。</translation>
    </message>
    <message>
        <source>Party B&apos;s shared-secret derivation (kex_derive_ss_b).</source>
        <translation>B 方的共享密钥导出（kex_derive_ss_b）。</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Fixed (harness plan)</source>
        <translation>固定（harness 方案）</translation>
    </message>
    <message>
        <source>Adaptive (until precise)</source>
        <translation>自适应（直到足够精确）</translation>
    </message>
    <message>
        <source>Fixed follows the published harness plan so figures are comparable with it; adaptive adds trials until the median is known to the chosen precision or the budget ends.</source>
        <translation>固定模式遵循公开的 harness 方案，因此数值可与之比较；自适应模式会不断增加试验，直到中位数达到所选精度或预算用完。</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Budget per operation:</source>
        <translation>每个操作的预算(&amp;B)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Seconds of timed calls per trial (fixed default 0.5 s, adaptive default 0.2 s).</source>
        <translation>每次试验中计时调用的秒数（固定模式默认 0.5 秒，自适应模式默认 0.2 秒）。</translation>
    </message>
    <message>
        <source>Upper bound on the time spent on one operation (fixed default 300 s, adaptive 60 s).</source>
        <translation>单个操作所用时间的上限（固定模式默认 300 秒，自适应模式 60 秒）。</translation>
    </message>
    <message>
        <source>Trials per operation, each in its own runner process (fixed mode).</source>
        <translation>每个操作的试验次数，每次试验在独立的运行器进程中进行（固定模式）。</translation>
    </message>
    <message>
        <source>Warm-ups are set by the plan: 3 when one exchange takes under 50 ms, 1 under 5 s, none above.</source>
        <translation>预热次数由方案决定：一次交换少于 50 毫秒时预热 3 次，少于 5 秒时 1 次，更长则不预热。</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>S&amp;ystem label:</source>
        <translation>系统标签(&amp;Y)：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>不绑定</translation>
    </message>
    <message>
        <source>Names the system in the campaign (e.g. x86_1); default: the host name.</source>
        <translation>测量任务中系统的名称（例如 x86_1）；默认为主机名。</translation>
    </message>
    <message>
        <source>Campaign folder: campaign.json, build.json, kat/ and records/. An existing folder measured with the same plan resumes where it stopped.</source>
        <translation>测量任务文件夹：campaign.json、build.json、kat/ 和 records/。用同一方案测量过的现有文件夹会从中断处继续。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the campaign folder.</source>
        <translation>选择测量任务文件夹。</translation>
    </message>
    <message>
        <source>Check known-answer tests first</source>
        <translation>先做已知答案测试（KAT）</translation>
    </message>
    <message>
        <source>Runs each instance&apos;s KAT before timing and records the verdict; instances are timed either way.</source>
        <translation>计时前运行每个实例的 KAT 并记录结果；无论结果如何都会计时。</translation>
    </message>
    <message>
        <source>Measure stack depth</source>
        <translation>测量栈深度</translation>
    </message>
    <message>
        <source>One extra child per operation measures its deepest stack use.</source>
        <translation>每个操作额外启动一个子进程，测量其最大栈用量。</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Measure the checked instances (Ctrl+R).</source>
        <translation>测量勾选的实例 (Ctrl+R)。</translation>
    </message>
    <message>
        <source>Stop the campaign; the running child is killed and finished records are kept.</source>
        <translation>停止测量任务；正在运行的子进程会被终止，已完成的记录会保留。</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>总体</translation>
    </message>
    <message>
        <source>Current operation</source>
        <translation>当前操作</translation>
    </message>
    <message>
        <source>Campaign folder</source>
        <translation>测量任务文件夹</translation>
    </message>
    <message>
        <source>A campaign is running.</source>
        <translation>测量任务正在运行。</translation>
    </message>
    <message>
        <source>Looking for instance libraries…</source>
        <translation>正在查找实例库…</translation>
    </message>
    <message>
        <source>Check at least one instance in the Algorithms panel to start.</source>
        <translation>请在“算法”面板中至少勾选一个实例后再开始。</translation>
    </message>
    <message>
        <source>Choose at least one operation to time.</source>
        <translation>请至少选择一个要计时的操作。</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>请选择输出文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>Starting a campaign of %n instance(s) into %1</source>
        <translation>
            <numerusform>开始测量 %n 个实例，结果写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Overall: starting…</source>
        <translation>总体：正在开始…</translation>
    </message>
    <message>
        <source>Describing the host and the instances…</source>
        <translation>正在描述主机和实例…</translation>
    </message>
    <message>
        <source>Cancelling: the running child is stopped; finished records are kept.</source>
        <translation>正在取消：停止正在运行的子进程；已完成的记录会保留。</translation>
    </message>
    <message>
        <source>This host makes timings noisy or not comparable:</source>
        <translation>此主机会使计时产生噪声或不可比较：</translation>
    </message>
    <message>
        <source>Environment warnings for this campaign:</source>
        <translation>本次测量任务的环境警告：</translation>
    </message>
    <message>
        <source>Overall: %1% — ETA %2</source>
        <translation>总体：%1% —— 预计剩余 %2</translation>
    </message>
    <message>
        <source>Campaign started: %1</source>
        <translation>测量任务已开始：%1</translation>
    </message>
    <message>
        <source>WARNING: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Instance %1</source>
        <translation>实例 %1</translation>
    </message>
    <message>
        <source>%1: checking and calibrating…</source>
        <translation>%1：正在检查和校准…</translation>
    </message>
    <message>
        <source>PROBLEM: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>ETA --:--</source>
        <translation>预计剩余 --:--</translation>
    </message>
    <message>
        <source>%1 · %2 — trial %3 of %4</source>
        <translation>%1 · %2 —— 第 %3 / %4 次试验</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>预计剩余 %1</translation>
    </message>
    <message>
        <source>%1 · %2 — trial %3 (adaptive)</source>
        <translation>%1 · %2 —— 第 %3 次试验（自适应）</translation>
    </message>
    <message>
        <source>Elapsed %1</source>
        <translation>已用 %1</translation>
    </message>
    <message>
        <source>  %1: resumed (record already complete)</source>
        <translation>  %1：已续测（记录已完整）</translation>
    </message>
    <message>
        <source>The campaign could not run: %1</source>
        <translation>测量任务无法运行：%1</translation>
    </message>
    <message>
        <source>%1: %2 record(s) written, %3 resumed, %4 failed; campaign in %5</source>
        <translation>%1：写入 %2 条记录，续测 %3 条，失败 %4 条；测量任务位于 %5</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Overall: cancelled</source>
        <translation>总体：已取消</translation>
    </message>
    <message>
        <source>Overall: done</source>
        <translation>总体：已完成</translation>
    </message>
    <message>
        <source>Overall: failed</source>
        <translation>总体：失败</translation>
    </message>
    <message>
        <source>Adaptive mode stops when the 95% confidence interval over trials of the median of trial medians is this wide, relative to it (at least 6 trials, each a fresh process).</source>
        <translation>当“试验中位数的中位数”在各次试验之间的 95% 置信区间相对宽度达到此值时，自适应模式停止（至少 6 次试验，每次都是全新的进程）。</translation>
    </message>
    <message>
        <source>Interleaved (seeded random rounds)</source>
        <translation>交错（带种子的随机轮次）</translation>
    </message>
    <message>
        <source>Harness (one operation after another)</source>
        <translation>harness 顺序（逐个操作）</translation>
    </message>
    <message>
        <source>Interleaved runs one trial of every instance and operation per round, in a random order kept in campaign.json, so a slow phase of the machine hits every row alike.</source>
        <translation>交错模式每一轮为每个实例和操作各运行一次试验，顺序随机并记录在 campaign.json 中，使机器变慢的时段对所有行的影响相同。</translation>
    </message>
    <message>
        <source>Dist&amp;urbed retries:</source>
        <translation>受干扰时重试次数(&amp;U):</translation>
    </message>
    <message>
        <source>How often a disturbed trial is run again: its speed probe was more than 3% slower than the campaign&apos;s fastest, or it lost more than 1% of its wall time. Every attempt is kept in the record.</source>
        <translation>受干扰的试验最多重新运行的次数：其速度探针比本次测量中最快的一次慢 3% 以上，或其墙钟时间损失超过 1%。每次尝试都保留在记录中。</translation>
    </message>
    <message>
        <source>  %1 %2 trial %3: %4</source>
        <translation>  %1 %2 第 %3 次试验：%4</translation>
    </message>
    <message>
        <source>  %1 %2: %3</source>
        <translation>  %1 %2：%3</translation>
    </message>
    <message>
        <source>  %1 %2: FAILED %3</source>
        <translation>  %1 %2：失败 %3</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Add at least one host to run on other hosts.</source>
        <translation>要在其他主机上运行，请至少添加一台主机。</translation>
    </message>
    <message numerus="yes">
        <source>Starting a campaign of %n instance(s) on %1 into %2</source>
        <translation>
            <numerusform>在 %1 上开始测量 %n 个实例，结果写入 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to the hosts and describing the instances…</source>
        <translation>正在连接主机并描述实例…</translation>
    </message>
    <message>
        <source>Hosts at work:</source>
        <translation>各主机的进度：</translation>
    </message>
    <message numerus="yes">
        <source>  %1: %n instance(s) in %2</source>
        <translation>
            <numerusform>  %1：%n 个实例，用时 %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  %1 dropped out after %n instance(s): %2</source>
        <translation>
            <numerusform>  %1 在完成 %n 个实例后退出：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>dropped out: %1</source>
        <translation>已退出：%1</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message numerus="yes">
        <source>Estimated duration: %1 to %2 for %n record(s) (adaptive: until the precision or the budget).</source>
        <translation>
            <numerusform>预计耗时：%n 条记录需 %1 至 %2（adaptive：直到达到精度或用完预算）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Estimated duration: about %1 for %n record(s) (before calibration: operations slower than the trial target take longer).</source>
        <translation>
            <numerusform>预计耗时：%n 条记录约需 %1（标定之前的估计：比试验目标时间慢的操作耗时更长）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes into a new folder named after the time of Start, under %1.</source>
        <translation>写入 %1 下一个以开始时间命名的新文件夹。</translation>
    </message>
    <message>
        <source>Writes into %1.</source>
        <translation>写入 %1。</translation>
    </message>
    <message>
        <source>Every runner child is pinned to this CPU (default: the last one), and the workbench keeps its own threads off it while the campaign runs; none lets the scheduler move the children. On other hosts the children are pinned only when you choose a CPU here.</source>
        <translation>每个运行器子进程都绑定到此 CPU（默认：最后一个 CPU），活动运行期间工作台让自己的线程离开该 CPU；“不绑定”则由调度器移动子进程。在其他主机上，只有在此处选择了 CPU 时子进程才会被绑定。</translation>
    </message>
    <message>
        <source>The runner children measure on CPU %1; the workbench keeps its own threads off it until the campaign ends.</source>
        <translation>运行器子进程在 CPU %1 上测量；活动结束前，工作台让自己的线程离开该 CPU。</translation>
    </message>
    <message>
        <source>The runner children measure on CPU %1; the workbench may use no other CPU, so its threads share that one with them.</source>
        <translation>运行器子进程在 CPU %1 上测量；工作台不能使用其他 CPU，因此它的线程与子进程共用该 CPU。</translation>
    </message>
    <message>
        <source>Campaign %1</source>
        <translation>第 %1 次测量任务</translation>
    </message>
    <message>
        <source>Trial tar&amp;get:</source>
        <translation>每次试验时长(&amp;G)：</translation>
    </message>
    <message>
        <source>Tr&amp;ials:</source>
        <translation>试验次数(&amp;I)：</translation>
    </message>
    <message>
        <source>Precisio&amp;n:</source>
        <translation>精度(&amp;N)：</translation>
    </message>
    <message>
        <source>Trial order:</source>
        <translation>试验顺序：</translation>
    </message>
    <message>
        <source>Pin to CPU:</source>
        <translation>绑定到 CPU：</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Libraries with a variant name are measured on this machine only: choose This machine, or measure them under their own names.</source>
        <translation>带变体名称的库只能在本机测量：请选择“本机”，或以其自身名称测量它们。</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::SubmissionDialog</name>
    <message>
        <source>Add submission folder</source>
        <translation>添加提交文件夹</translation>
    </message>
    <message>
        <source>&amp;Submission folder:</source>
        <translation>提交文件夹(&amp;S)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>输出文件夹(&amp;O)：</translation>
    </message>
    <message>
        <source>lib&lt;instance&gt;.so goes here, the profiled variant into its profiled/ folder.</source>
        <translation>lib&lt;实例&gt;.so 放在这里，剖析版本放在其中的 profiled/ 文件夹。</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>构建(&amp;B)</translation>
    </message>
    <message>
        <source>The compiler command lines appear here as the build runs; the whole build log, with the compiler output, when it ends.</source>
        <translation>构建进行时，编译器命令行显示在这里；构建结束时显示包含编译器输出的完整构建日志。</translation>
    </message>
    <message>
        <source>Submission folder</source>
        <translation>提交文件夹</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Building %1…</source>
        <translation>正在构建 %1…</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <source>Built %1: %2</source>
        <translation>已构建 %1：%2</translation>
    </message>
    <message>
        <source>Profiled variant: %1</source>
        <translation>剖析版本：%1</translation>
    </message>
    <message>
        <source>Left out: %1</source>
        <translation>已排除：%1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Build failed: %1</source>
        <translation>构建失败：%1</translation>
    </message>
    <message>
        <source>Build log: %1</source>
        <translation>构建日志：%1</translation>
    </message>
    <message>
        <source>Built %1; it is being described and will appear in the Algorithms dock.</source>
        <translation>已构建 %1；正在描述它，稍后将出现在“算法”停靠窗口中。</translation>
    </message>
    <message>
        <source>Build failed</source>
        <translation>构建失败</translation>
    </message>
    <message>
        <source>The log keeps the compiler output.</source>
        <translation>日志保留了编译器输出。</translation>
    </message>
    <message>
        <source>Builds a submission as it is shipped (sources in nested folders such as src/common and src/ref, headers included by bare name) into an instance library and a profiled variant for the Symmetric primitives, with the system compiler, and checks it against its KAT (the Test_Vectors file beside it, or a manifest). Pick one implementation&apos;s folder, e.g. Reference_Implementation/&lt;instance&gt;. Nothing in the folder is run: no Makefile, script or binary.</source>
        <translation>按提交时的原样（源文件位于 src/common、src/ref 等嵌套文件夹中，头文件按文件名直接包含）用系统编译器将提交构建为实例库以及用于对称原语的剖析版本，并用其 KAT（旁边 Test_Vectors 中的文件，或清单）进行检查。请选择一个实现的文件夹，例如 Reference_Implementation/&lt;实例&gt;。文件夹中的任何内容都不会被运行：不运行 Makefile、脚本或二进制文件。</translation>
    </message>
    <message>
        <source>&amp;Candidate id:</source>
        <translation>候选算法标识(&amp;C)：</translation>
    </message>
    <message>
        <source>optional, e.g. kex-09</source>
        <translation>可选，例如 kex-09</translation>
    </message>
    <message>
        <source>The id campaigns file the library under (records/&lt;id&gt;/…, KAT log, accounting lookup), so a rebuilt submission lines up with published data. Empty: derived from the family.</source>
        <translation>测量任务归档该库所用的标识（records/&lt;标识&gt;/…、KAT 日志、统计数据查找），使重新构建的提交与已发布的数据对应。留空：由算法族名称推出。</translation>
    </message>
    <message>
        <source>&amp;Flags:</source>
        <translation>编译选项(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;KAT manifest:</source>
        <translation>KAT 清单(&amp;K)：</translation>
    </message>
    <message>
        <source>optional: the submission&apos;s own Test_Vectors KAT file is found automatically</source>
        <translation>可选：会自动找到提交自带的 Test_Vectors KAT 文件</translation>
    </message>
    <message>
        <source>A kat.sha256 manifest to check the build against instead of the KAT file beside the folder.</source>
        <translation>用于检查构建结果的 kat.sha256 清单，代替文件夹旁边的 KAT 文件。</translation>
    </message>
    <message>
        <source>with the permissive -Wno-error=… set</source>
        <translation>外加宽松的 -Wno-error=… 选项组</translation>
    </message>
    <message>
        <source>guide (default)</source>
        <translation>guide（默认）</translation>
    </message>
    <message>
        <source>The guide&apos;s reference flags: %1, %2. A build whose KAT fails is rebuilt with harness-default, as the harness does. Flags named by the folder&apos;s kexbench-instance.json win.</source>
        <translation>指南的参考编译选项：%1，%2。KAT 未通过的构建会像测试框架一样改用 harness-default 重新构建。文件夹的 kexbench-instance.json 中指定的编译选项优先。</translation>
    </message>
    <message>
        <source>The harness&apos;s fallback flags: %1, %2. Kept even when the KAT fails.</source>
        <translation>测试框架的后备编译选项：%1，%2。即使 KAT 未通过也保留。</translation>
    </message>
    <message>
        <source>The flags of kexbench&apos;s own instances: %1, %2. Kept even when the KAT fails.</source>
        <translation>kexbench 自带实例的编译选项：%1，%2。即使 KAT 未通过也保留。</translation>
    </message>
    <message>
        <source>KAT manifest</source>
        <translation>KAT 清单</translation>
    </message>
    <message>
        <source>KAT manifests (*.sha256);;All files (*)</source>
        <translation>KAT 清单 (*.sha256);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The KAT manifest %1 is not a file.</source>
        <translation>KAT 清单 %1 不是文件。</translation>
    </message>
    <message>
        <source>Candidate: none given (campaigns derive one from the family)</source>
        <translation>候选算法：未指定（测量任务由算法族名称推出）</translation>
    </message>
    <message>
        <source>Candidate: %1</source>
        <translation>候选算法：%1</translation>
    </message>
    <message>
        <source>Flags: %1 (%2), %3</source>
        <translation>编译选项：%1（%2），%3</translation>
    </message>
    <message>
        <source>Guide build: %1, replaced by the harness-default build</source>
        <translation>guide 构建：%1，已由 harness-default 构建替代</translation>
    </message>
    <message>
        <source>KAT: %1</source>
        <translation>KAT：%1</translation>
    </message>
    <message>
        <source>KAT log: %1</source>
        <translation>KAT 日志：%1</translation>
    </message>
    <message>
        <source>The KAT did not pass: the library is kept and added to the Workbench; campaigns mark its results.</source>
        <translation>KAT 未通过：该库仍被保留并添加到工作台；测量任务会标记其结果。</translation>
    </message>
    <message>
        <source>Resolved recipe: %1 (to change the build, save an edited copy as kexbench-instance.json in the submission folder):</source>
        <translation>解析后的构建配方：%1（如需更改构建，请将编辑后的副本另存为提交文件夹中的 kexbench-instance.json）：</translation>
    </message>
    <message>
        <source>Build record: %1</source>
        <translation>构建记录：%1</translation>
    </message>
    <message>
        <source>Built %1, but its KAT did not pass. It is added to the Algorithms dock anyway; campaigns mark its results.</source>
        <translation>已构建 %1，但其 KAT 未通过。它仍会被添加到“算法”停靠窗口中；测量任务会标记其结果。</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>Candidate: %1 · flags: %2</source>
        <translation>候选算法：%1 · 编译选项：%2</translation>
    </message>
    <message>
        <source>Candidate: %1 · flags: %2 (guide build: %3, replaced by the harness-default build)</source>
        <translation>候选算法：%1 · 编译选项：%2（guide 构建：%3，已由 harness-default 构建替代）</translation>
    </message>
    <message>
        <source>Resolved recipe: %1</source>
        <translation>解析后的构建配方：%1</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::TimelinePage</name>
    <message>
        <source>disturbed trial</source>
        <translation>受干扰的试验</translation>
    </message>
    <message>
        <source>No data: open a dataset</source>
        <translation>无数据：请打开数据集</translation>
    </message>
    <message>
        <source>No record for this instance and operation.</source>
        <translation>此实例和操作没有记录。</translation>
    </message>
    <message>
        <source>iteration (all trials in order)</source>
        <translation>迭代（所有试验按顺序）</translation>
    </message>
    <message>
        <source>time per call (%1)</source>
        <translation>每次调用时间（%1）</translation>
    </message>
    <message>
        <source>%1 per call</source>
        <translation>每次调用 %1</translation>
    </message>
    <message>
        <source>iterations (n = %1)</source>
        <translation>迭代（n = %1）</translation>
    </message>
    <message>
        <source>trial median</source>
        <translation>试验中位数</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration(s) above the view: drag or zoom out to see them.</source>
        <translation>
            <numerusform>视图上方还有 %n 次迭代：拖动或缩小以查看。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trial(s), %1 disturbed</source>
        <translation>
            <numerusform>%n 个试验，%1 个受干扰</numerusform>
        </translation>
    </message>
    <message>
        <source>trial %1, iteration %2: %3 %4</source>
        <translation>试验 %1，迭代 %2：%3 %4</translation>
    </message>
    <message>
        <source>trial median %1 %2</source>
        <translation>试验中位数 %1 %2</translation>
    </message>
    <message>
        <source>disturbed: %1</source>
        <translation>受干扰：%1</translation>
    </message>
    <message>
        <source>no clean attempt</source>
        <translation>没有未受干扰的尝试</translation>
    </message>
    <message>
        <source>&amp;Instance:</source>
        <translation>实例(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Unit:</source>
        <translation>单位(&amp;U)：</translation>
    </message>
    <message>
        <source>Cycles (counter ticks)</source>
        <translation>周期数（计数器计数）</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>trial</source>
        <translation>试验</translation>
    </message>
    <message>
        <source>trial means per call (n = %1)</source>
        <translation>试验的每次调用平均值（n = %1）</translation>
    </message>
    <message>
        <source>trial %1: %2 %3 per call (the trial&apos;s mean)</source>
        <translation>试验 %1：每次调用 %2 %3（该试验的平均值）</translation>
    </message>
    <message>
        <source>Values on a log axis: the bulk and outliers decades above it are both readable.</source>
        <translation>数值使用对数坐标轴：主体数据和高出几个数量级的离群值都清晰可读。</translation>
    </message>
    <message>
        <source>D&amp;ataset:</source>
        <translation>数据集(&amp;A)：</translation>
    </message>
    <message>
        <source>Operatio&amp;n:</source>
        <translation>操作(&amp;N)：</translation>
    </message>
    <message>
        <source>Lo&amp;garithmic scale</source>
        <translation>对数坐标(&amp;G)</translation>
    </message>
</context>
<context>
    <name>kexbench::ui::Workbench</name>
    <message>
        <source>No instance library given.</source>
        <translation>未指定实例库。</translation>
    </message>
    <message>
        <source>No dataset folder or bundle given.</source>
        <translation>未指定数据集文件夹或数据包。</translation>
    </message>
    <message>
        <source>Cannot open dataset: %1</source>
        <translation>无法打开数据集：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Cannot reload dataset %1: %2</source>
        <translation>无法重新加载数据集 %1：%2</translation>
    </message>
    <message>
        <source>%1 is already open as %2; reloaded it instead of adding it again.</source>
        <translation>%1 已作为 %2 打开；已重新加载它，而没有再次添加。</translation>
    </message>
    <message>
        <source>%1 holds no timing records; it was not added to the datasets.</source>
        <translation>%1 不含计时记录；未将其添加到数据集。</translation>
    </message>
    <message>
        <source>%1 is the campaign already open as %2; it was not added again.</source>
        <translation>%1 是已作为 %2 打开的测量任务；未再次添加。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Workbench for measuring ICCS key-exchange instance libraries.</source>
        <translation>用于测量 ICCS 密钥交换实例库的工作台。</translation>
    </message>
    <message>
        <source>Campaign folders or .kxb bundles to open.</source>
        <translation>要打开的测量任务文件夹或 .kxb 数据包。</translation>
    </message>
    <message>
        <source>Language: en or zh_CN.</source>
        <translation>语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE and exit.</source>
        <translation>将窗口截图保存到 FILE 后退出。</translation>
    </message>
    <message>
        <source>cannot open dataset %1: %2</source>
        <translation>无法打开数据集 %1：%2</translation>
    </message>
    <message>
        <source>language %1 is not available</source>
        <translation>语言 %1 不可用</translation>
    </message>
    <message>
        <source>background work did not finish in 60 s; saving anyway</source>
        <translation>后台工作在 60 秒内未完成；仍然保存</translation>
    </message>
    <message>
        <source>cannot write the screenshot %1</source>
        <translation>无法写入截图 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n file(s) skipped</source>
        <translation>
            <numerusform>%1：跳过了 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>--export-report needs exactly one dataset (%1 given)</source>
        <translation>--export-report 需要恰好一个数据集（给出了 %1 个）</translation>
    </message>
    <message>
        <source>cannot tell the format of %1: name it .pdf, .html or .md</source>
        <translation>无法判断 %1 的格式：请将其命名为 .pdf、.html 或 .md</translation>
    </message>
    <message>
        <source>language %1 is not available (en, zh_CN)</source>
        <translation>语言 %1 不可用（可用：en、zh_CN）</translation>
    </message>
    <message>
        <source>cannot open dataset %1: it has no records</source>
        <translation>无法打开数据集 %1：其中没有记录</translation>
    </message>
    <message>
        <source>dataset %1 has no candidate &apos;%2&apos; (it has: %3)</source>
        <translation>数据集 %1 中没有候选算法“%2”（它包含：%3）</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Write the dataset&apos;s report to FILE (.pdf, .html or .md) and exit.</source>
        <translation>把数据集的报告写入 FILE（.pdf、.html 或 .md）后退出。</translation>
    </message>
    <message>
        <source>With --export-report: the candidate to report (default: the only one, else all).</source>
        <translation>与 --export-report 一起使用：要报告的候选算法（默认：仅有一个时用它，否则全部）。</translation>
    </message>
    <message>
        <source>Page to show: run, results, distributions, timeline, compare, report, ct.</source>
        <translation>要显示的页面：run、results、distributions、timeline、compare、report、ct。</translation>
    </message>
    <message>
        <source>unknown page &apos;%1&apos; (run, results, distributions, timeline, compare, report, ct)</source>
        <translation>未知页面“%1”（run、results、distributions、timeline、compare、report、ct）</translation>
    </message>
    <message>
        <source>With --screenshot: the window&apos;s size, e.g. 1024x700 (default 1400x900).</source>
        <translation>与 --screenshot 一起使用：窗口尺寸，例如 1024x700（默认 1400x900）。</translation>
    </message>
    <message>
        <source>bad window size &apos;%1&apos; (WxH, e.g. 1024x700)</source>
        <translation>窗口尺寸“%1”无效（应为 宽x高，例如 1024x700）</translation>
    </message>
    <message>
        <source>Compare two instances of the first dataset on the Compare page, e.g. WORK-1,WORK-5 (A,B).</source>
        <translation>在“比较”页比较第一个数据集中的两个实例，例如 WORK-1,WORK-5（A,B）。</translation>
    </message>
    <message>
        <source>bad instance pair &apos;%1&apos; (A,B, e.g. WORK-1,WORK-5)</source>
        <translation>实例对“%1”无效（应为 A,B，例如 WORK-1,WORK-5）</translation>
    </message>
</context>
</TS>
