// SPDX-License-Identifier: GPL-3.0-or-later
// The one main() of kexbench_gui_tests: GoogleTest inside a QApplication, so
// models, widgets, queued signals and QTest::qWaitFor all work in every test.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    // Headless by default (CTest sets it too); a developer may override it.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Keep the user's settings and data folders out of the tests.
    QStandardPaths::setTestModeEnabled(true);
    ::testing::InitGoogleTest(&argc, argv);
    // Listing the tests (CTest's discovery at build time) needs no application,
    // and creating one there only adds platform chatter to the build log.
    if (::testing::GTEST_FLAG(list_tests))
        return RUN_ALL_TESTS();
    // Qt wants a private runtime folder; CI containers often have none, and
    // Qt's warning about it would be the only noise in the test log.
    QTemporaryDir runtimeDir(QDir::tempPath() + QStringLiteral("/kexbench-gui-tests-XXXXXX")); // mode 0700
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") && runtimeDir.isValid())
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir.path()));
    // Settings of this process only: CTest runs tests in parallel processes,
    // and one test's saved Run page choice (ssh hosts) must not reach another.
    if (runtimeDir.isValid())
        for (QSettings::Format format : {QSettings::NativeFormat, QSettings::IniFormat})
            QSettings::setPath(format, QSettings::UserScope, runtimeDir.path() + QStringLiteral("/qttest"));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kexbench-tests"));
    QApplication::setApplicationName(QStringLiteral("kexbench_gui_tests"));
    return RUN_ALL_TESTS();
}
