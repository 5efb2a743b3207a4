// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/marks.h"

#include <QColor>
#include <QPainter>
#include <QPolygonF>

namespace kexbench::ui {

namespace {

// A small filled triangle with an exclamation mark, painted here because the
// models library has no QStyle (it links QtGui only); no text, so no fonts.
QImage markImage(const QColor &color)
{
    QImage image(14, 14, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(QPolygonF{QPointF(7, 0.5), QPointF(13.5, 13), QPointF(0.5, 13)});
    painter.setBrush(Qt::white);
    painter.drawRect(QRectF(6.2, 4.5, 1.6, 5));
    painter.drawRect(QRectF(6.2, 10.5, 1.6, 1.5));
    return image;
}

} // namespace

const QImage &warningMark()
{
    static const QImage mark = markImage(QColor(0xe0, 0x8e, 0x00));
    return mark;
}

const QImage &noticeMark()
{
    static const QImage mark = markImage(QColor(0x5d, 0x6d, 0x7e));
    return mark;
}

} // namespace kexbench::ui
