// SPDX-License-Identifier: GPL-3.0-or-later
// The items of the dataset, instance and operation boxes the Distributions
// and Timeline pages choose a record with, and a box that is refilled only
// when its items change: a live campaign replaces its snapshot after every
// record, and rebuilding unchanged boxes each time (clear, add, resize, paint)
// was GUI-thread work for nothing.
#pragma once

#include <QList>
#include <QString>
#include <QVariant>

class QComboBox;

namespace kexbench {
struct Dataset;
}

namespace kexbench::ui {

struct SelectorItem {
    QString text;
    QVariant data;
    bool operator==(const SelectorItem &other) const { return text == other.text && data == other.data; }
};
using SelectorItems = QList<SelectorItem>;

// "candidate\x1flabel": the data of an instance item.
QString instanceKey(const std::string &candidate, const std::string &label);

// The dataset's instances in natural label order; an item names its candidate
// only when two candidates share the label. Data: instanceKey().
SelectorItems instanceItems(const Dataset &data);
// The operations the dataset has for the instance (an instanceKey()), in the campaign's operation order.
SelectorItems operationItems(const Dataset &data, const QString &instance);

// Puts `items` into the box, with its signals blocked, unless it holds them
// already; true when it changed (the caller then chooses the current item
// again and lets the layout know the box's preferred width may differ).
bool setItems(QComboBox *box, const SelectorItems &items);

// The operation box of a record selector: the dataset's operations for the
// instance (none without a dataset); when they changed, the operation chosen
// before stays chosen if it is still there, else "exchange", else the first.
void fillOperationBox(QComboBox *box, const Dataset *data, const QString &instance);

} // namespace kexbench::ui
