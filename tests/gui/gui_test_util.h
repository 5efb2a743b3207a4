// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers of the GUI tests.
#pragma once

#include "workbench.h"

#include <QAbstractItemModelTester>
#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QMessageBox>
#include <QTimer>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QMutex>
#include <QStringList>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>

// GoogleTest prints a failed QString comparison as UTF-16 code units; show the text.
QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os) { *os << '"' << text.toStdString() << '"'; }
QT_END_NAMESPACE

namespace kexbench::ui::test {

// Third-party reference data (read-only, never copied into the repository).
// KEXBENCH_REFERENCE_DATASET overrides the path, e.g. with a missing folder to
// check that every test needing the data skips cleanly without it.
inline QString referenceDataset()
{
    const QString override = qEnvironmentVariable("KEXBENCH_REFERENCE_DATASET");
    if (!override.isEmpty())
        return override;
    return QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/performance/data/arm_1");
}
inline bool haveReference() { return QFileInfo(referenceDataset()).isDir(); }

// QAbstractItemModelTester in Warning mode reports through the "qt.modeltest"
// category; this collects those reports so a GoogleTest assertion can show them.
class ModelTesterLog {
public:
    ModelTesterLog()
    {
        previous_ = qInstallMessageHandler(&ModelTesterLog::handler);
        instance() = this;
    }
    ~ModelTesterLog()
    {
        qInstallMessageHandler(previous_);
        instance() = nullptr;
    }
    QStringList failures() const
    {
        QMutexLocker lock(&mutex_);
        return failures_;
    }

private:
    static ModelTesterLog *&instance()
    {
        static ModelTesterLog *current = nullptr;
        return current;
    }
    static void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        ModelTesterLog *self = instance();
        if (self && context.category && QByteArray(context.category) == "qt.modeltest" && type >= QtWarningMsg) {
            QMutexLocker lock(&self->mutex_);
            self->failures_ << message;
        }
        if (self && self->previous_)
            self->previous_(type, context, message);
    }
    QtMessageHandler previous_ = nullptr;
    mutable QMutex mutex_;
    QStringList failures_;
};

// Waits until a page that computes off the GUI thread (busy() while it does)
// shows what it was last asked for.
template <class Page>
bool settle(const Page &page, int timeoutMs = 60000)
{
    return QTest::qWaitFor([&] { return !page.busy(); }, timeoutMs);
}

// Attaches a tester (which checks the model at once and after every change).
inline std::unique_ptr<QAbstractItemModelTester> attachTester(QAbstractItemModel *model)
{
    return std::make_unique<QAbstractItemModelTester>(model, QAbstractItemModelTester::FailureReportingMode::Warning);
}

// Discovers and describes the built-in instances (runner children), waiting for the result.
inline bool describeBuiltins(Workbench &workbench, int timeoutMs = 60000)
{
    workbench.discoverInstances();
    return QTest::qWaitFor([&] { return !workbench.busy(); }, timeoutMs);
}

inline int instanceRow(const Workbench &workbench, const std::string &name)
{
    const auto &instances = workbench.instances();
    for (int i = 0; i < instances.size(); ++i)
        if (instances[i].info.meta.instance == name)
            return i;
    return -1;
}

// The visible combo boxes below `root` whose shown text (or, with everyItem,
// any item's text) is wider than the closed box's text field, i.e. elided:
// "text in a box N px wide" each.
inline QStringList comboTextsThatDoNotFit(QWidget *root, bool everyItem)
{
    QStringList out;
    for (QComboBox *c : root->findChildren<QComboBox *>()) {
        if (!c->isVisible())
            continue;
        QStyleOptionComboBox opt;
        opt.initFrom(c);
        opt.editable = c->isEditable();
        const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
        QStringList texts{c->currentText()};
        for (int i = 0; everyItem && i < c->count(); ++i)
            texts << c->itemText(i);
        for (const QString &t : texts)
            if (c->fontMetrics().horizontalAdvance(t) > field.width())
                out << QStringLiteral("%1 in a box %2 px wide").arg(t).arg(c->width());
    }
    out.removeDuplicates();
    return out;
}

// While alive, answers every modal QMessageBox that opens with `button`
// (pressed from inside the box's own event loop) and keeps the boxes' texts.
class MessageBoxAnswerer {
public:
    explicit MessageBoxAnswerer(QMessageBox::StandardButton button)
    {
        poll_.setInterval(20);
        QObject::connect(&poll_, &QTimer::timeout, [this, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            texts_ << box->text();
            if (QAbstractButton *b = box->button(button))
                b->click();
            else
                box->done(0); // never leave the test waiting on a box without that button
        });
        poll_.start();
    }
    const QStringList &texts() const { return texts_; }

private:
    QTimer poll_;
    QStringList texts_;
};

} // namespace kexbench::ui::test
