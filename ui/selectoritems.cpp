// SPDX-License-Identifier: GPL-3.0-or-later
#include "selectoritems.h"

#include "core/base/discovery.h"
#include "core/data/dataset.h"
#include "core/data/record.h"

#include <QComboBox>
#include <QSignalBlocker>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kexbench::ui {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
} // namespace

QString instanceKey(const std::string &candidate, const std::string &label)
{
    return qs(candidate) + QChar(0x1f) + qs(label);
}

SelectorItems instanceItems(const Dataset &data)
{
    std::vector<std::pair<std::string, std::string>> keys; // (label, candidate)
    std::set<std::pair<std::string, std::string>> seen;
    std::map<std::string, int> perLabel;
    for (const Record &r : data.records)
        if (seen.emplace(r.label, r.candidate).second) {
            keys.emplace_back(r.label, r.candidate);
            ++perLabel[r.label];
        }
    std::stable_sort(keys.begin(), keys.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? natural_less(a.first, b.first) : a.second < b.second;
    });
    SelectorItems items;
    items.reserve(static_cast<qsizetype>(keys.size()));
    for (const auto &[label, candidate] : keys) {
        const QString text = perLabel[label] > 1 ? QStringLiteral("%1 (%2)").arg(qs(label), qs(candidate)) : qs(label);
        items.push_back({text, instanceKey(candidate, label)});
    }
    return items;
}

SelectorItems operationItems(const Dataset &data, const QString &instance)
{
    const QStringList key = instance.split(QChar(0x1f));
    if (key.size() != 2)
        return {};
    const std::string candidate = key[0].toStdString(), label = key[1].toStdString();
    std::vector<std::string> ops;
    for (const Record &r : data.records)
        if (r.candidate == candidate && r.label == label)
            ops.push_back(r.operation);
    std::stable_sort(ops.begin(), ops.end(), [](const std::string &a, const std::string &b) {
        const int ra = operation_rank(a), rb = operation_rank(b);
        return (ra < 0 ? 1000 : ra) < (rb < 0 ? 1000 : rb);
    });
    SelectorItems items;
    for (const std::string &op : ops)
        items.push_back({qs(op), QVariant()});
    return items;
}

bool setItems(QComboBox *box, const SelectorItems &items)
{
    bool same = box->count() == items.size();
    for (int i = 0; same && i < box->count(); ++i)
        same = box->itemText(i) == items[i].text && box->itemData(i) == items[i].data;
    if (same)
        return false;
    const QSignalBlocker block(box);
    box->clear();
    for (const SelectorItem &item : items)
        box->addItem(item.text, item.data);
    return true;
}

void fillOperationBox(QComboBox *box, const Dataset *data, const QString &instance)
{
    const QString previous = box->currentText();
    if (!setItems(box, data ? operationItems(*data, instance) : SelectorItems()))
        return;
    const QSignalBlocker block(box);
    int i = box->findText(previous);
    if (i < 0)
        i = box->findText(QStringLiteral("exchange"));
    box->setCurrentIndex(std::max(0, i));
    box->updateGeometry();
}

} // namespace kexbench::ui
