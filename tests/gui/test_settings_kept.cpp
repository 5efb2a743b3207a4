// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 33 item 15: what the user set survives a restart. The Run page's
// plan (mode, per-mode trial target and budget, trials, precision, order,
// retries), the Distributions page's options, the ticked instances (real
// built-in libraries described by runner children) and, in
// test_open_checkout.cpp, the Compare pair. Settings live in this test
// process's own folder (gui_main.cpp).
#include "gui_test_util.h"

#include "distributionspage.h"
#include "models/distributionmodel.h"
#include "mainwindow.h"
#include "runpage.h"
#include "workbench.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QSpinBox>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

template <typename T>
T *field(QWidget &page, const char *name)
{
    auto *w = page.findChild<T *>(QString::fromLatin1(name));
    EXPECT_NE(w, nullptr) << name;
    return w;
}

} // namespace

TEST(SettingsKept, TheRunPagesPlanIsWhatTheUserLastSet)
{
    QSettings().clear();
    Workbench workbench;
    {
        RunPage page(&workbench);
        field<QComboBox>(page, "mode")->setCurrentIndex(1); // adaptive
        field<QDoubleSpinBox>(page, "trialTarget")->setValue(0.123);
        field<QDoubleSpinBox>(page, "precision")->setValue(0.75);
        field<QComboBox>(page, "mode")->setCurrentIndex(0); // back to fixed: its own target
        field<QDoubleSpinBox>(page, "trialTarget")->setValue(0.042);
        field<QSpinBox>(page, "trials")->setValue(9);
        field<QComboBox>(page, "order")->setCurrentIndex(1); // harness
        field<QSpinBox>(page, "retries")->setValue(5);
        field<QComboBox>(page, "mode")->setCurrentIndex(1);
    }
    RunPage again(&workbench);
    EXPECT_EQ(field<QComboBox>(again, "mode")->currentData().toString(), QStringLiteral("adaptive"));
    EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(again, "trialTarget")->value(), 0.123);
    EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(again, "precision")->value(), 0.75);
    EXPECT_EQ(field<QSpinBox>(again, "trials")->value(), 9);
    EXPECT_EQ(field<QComboBox>(again, "order")->currentData().toString(), QStringLiteral("harness"));
    EXPECT_EQ(field<QSpinBox>(again, "retries")->value(), 5);
    field<QComboBox>(again, "mode")->setCurrentIndex(0); // the fixed mode's target came back too
    EXPECT_DOUBLE_EQ(field<QDoubleSpinBox>(again, "trialTarget")->value(), 0.042);
    QSettings().clear(); // later tests of this process start from the defaults
}

TEST(SettingsKept, TheDistributionsOptionsAreWhatTheUserLastSet)
{
    QSettings().clear();
    const DistributionOptions defaults = DistributionsPage(nullptr).options();
    DistributionOptions chosen;
    chosen.kind = PlotKind::Ecdf;
    chosen.unit = ValueUnit::Time;
    chosen.logScale = !defaults.logScale;
    chosen.hideOutliers = !defaults.hideOutliers;
    ASSERT_NE(chosen.kind, defaults.kind);
    ASSERT_NE(chosen.unit, defaults.unit);
    DistributionsPage(nullptr).setOptions(chosen);
    const DistributionOptions again = DistributionsPage(nullptr).options();
    EXPECT_EQ(again.kind, chosen.kind);
    EXPECT_EQ(again.unit, chosen.unit);
    EXPECT_EQ(again.logScale, chosen.logScale);
    EXPECT_EQ(again.hideOutliers, chosen.hideOutliers);
    QSettings().clear();
}

TEST(SettingsKept, TheTickedInstancesAreTickedAtTheNextStart)
{
    QSettings().clear();
    std::string chosen = "MLKEM-UAKE-512"; // not in the default selection
    {
        Workbench workbench;
        MainWindow window(&workbench, true);
        workbench.requestDefaultSelection();
        ASSERT_TRUE(describeBuiltins(workbench));
        for (int row = 0; row < workbench.instances().size(); ++row)
            workbench.setChecked(row, workbench.instances()[row].info.meta.instance == chosen);
        window.close();
    }
    Workbench workbench;
    MainWindow window(&workbench, true);
    workbench.requestDefaultSelection(); // as main() asks: the saved ticks win over the defaults
    ASSERT_TRUE(describeBuiltins(workbench));
    QStringList ticked;
    for (const auto &entry : workbench.instances())
        if (entry.checked)
            ticked << QString::fromStdString(entry.info.meta.instance);
    EXPECT_EQ(ticked, QStringList{QString::fromStdString(chosen)});
    QSettings().clear();
}
