// SPDX-License-Identifier: GPL-3.0-or-later
#include "datahome.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

namespace kexbench::ui {

QString dataHomePath(const QString &sub)
{
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(data).filePath(QCoreApplication::applicationName() + QLatin1Char('/') + sub);
}

} // namespace kexbench::ui
