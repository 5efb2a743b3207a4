// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/coretext.h"

#include <QCoreApplication>

namespace kexbench::ui {

kexbench::Language coreLanguage()
{
    // The marker's context is the Report page's, where it was first translated.
    const QString code = QCoreApplication::translate("kexbench::ui::ReportPage", "en",
                                                     "language code of the report: this translation's own, e.g. zh_CN");
    return code == QLatin1String("zh_CN") ? Language::zh_CN : Language::en;
}

std::string coreLanguageName() { return language_name(coreLanguage()); }

QString coreText(const std::string &english)
{
    const Language lang = coreLanguage();
    if (lang == Language::en)
        return QString::fromStdString(english);
    QString text = QString::fromStdString(tr_text(lang, english));
    text.remove(QLatin1Char('`'));
    return text;
}

QString coreText(const QString &english) { return coreText(english.toStdString()); }

} // namespace kexbench::ui
