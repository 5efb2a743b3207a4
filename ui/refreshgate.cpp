// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshgate.h"

#include "workbench.h"

#include <QEvent>
#include <QWidget>

#include <utility>

namespace kexbench::ui {

RefreshGate::RefreshGate(QWidget *page, std::function<void()> start, bool followsVisibility)
    : QObject(page), page_(page), start_(std::move(start)), followsVisibility_(followsVisibility)
{
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &RefreshGate::onTimeout);
    page_->installEventFilter(this);
}

bool RefreshGate::mayRun() const { return !followsVisibility_ || page_->isVisible(); }

void RefreshGate::request(Pace pace)
{
    if (running_) {
        // Also for a page hidden meanwhile: the running job's result is out
        // of date either way; finished() decides whether the next one runs.
        again_ = true;
        if (pace == Pace::Now) {
            againNow_ = true;
            overtaken_ = true;
        }
        return;
    }
    if (!mayRun()) {
        // Nothing runs for a hidden page; showing it runs the job once.
        dirty_ = true;
        timer_.stop();
        return;
    }
    dirty_ = false;
    if (pace == Pace::Live && sinceStart_.isValid()) {
        const qint64 wait = liveIntervalMs_ - sinceStart_.elapsed();
        if (wait > 0) {
            if (!timer_.isActive()) // an earlier snapshot already waits: this one joins it
                timer_.start(static_cast<int>(wait));
            return;
        }
    }
    run();
}

void RefreshGate::requestFor(const Workbench &workbench) { request(workbench.anyLive() ? Pace::Live : Pace::Now); }

void RefreshGate::run()
{
    timer_.stop();
    running_ = true;
    again_ = againNow_ = overtaken_ = false;
    ++runs_;
    sinceStart_.start();
    start_(); // may call finished() before it returns
}

void RefreshGate::finished()
{
    if (!running_)
        return;
    running_ = false;
    if (std::exchange(again_, false))
        request(std::exchange(againNow_, false) ? Pace::Now : Pace::Live);
}

void RefreshGate::onTimeout()
{
    if (running_) // not expected (a run stops the timer), but never two jobs at once
        again_ = true;
    else if (mayRun())
        run();
    else
        dirty_ = true;
}

bool RefreshGate::eventFilter(QObject *watched, QEvent *event)
{
    // The page is visible while its show event is delivered: the change it missed runs now.
    if (watched == page_ && event->type() == QEvent::Show && dirty_)
        request(Pace::Now);
    return QObject::eventFilter(watched, event);
}

} // namespace kexbench::ui
