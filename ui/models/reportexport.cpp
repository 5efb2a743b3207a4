// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/reportexport.h"

#include "core/data/dataset_source.h"

#include "core/base/fsutil.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocumentFragment>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

namespace kexbench::ui {

namespace {

std::string local_path(const QString &path) { return QFile::encodeName(path).toStdString(); }
QString from_local(const std::string &path) { return QFile::decodeName(QByteArray::fromStdString(path)); }

bool write_text(const std::string &text, const QString &path, QString *error)
{
    if (auto written = write_file_atomic(local_path(path), text); !written) {
        if (error)
            *error = QString::fromStdString(written.error());
        return false;
    }
    return true;
}

// A table id usable as a file name on every system kexbench runs on.
bool plain_file_name(const std::string &id)
{
    if (id.empty() || id == "." || id == "..")
        return false;
    for (char c : id)
        if (c == '/' || c == '\\' || c == '\0' || static_cast<unsigned char>(c) < 0x20)
            return false;
    return true;
}

QString css_family_list(const QStringList &families)
{
    QStringList quoted;
    for (const auto &f : families)
        quoted << (f.contains(QLatin1Char(' ')) ? QLatin1Char('"') + f + QLatin1Char('"') : f);
    return quoted.join(QStringLiteral(", "));
}

// Rules for Qt's rich-text engine, appended after core's sheet. Every selector
// starts with "html" so it is more specific than core's: Qt does not let a later
// rule of equal specificity win. Font sizes in pt; lengths in px, which Qt's
// layout scales from 96 dpi to the device (it understands no other length units).
QString qt_style_sheet()
{
    const QString sans = css_family_list(report_font_families());
    const QString mono = css_family_list(
        {QStringLiteral("DejaVu Sans Mono"), QStringLiteral("WenQuanYi Micro Hei Mono"), QStringLiteral("monospace")});
    return QStringLiteral("html body { font-family: %1; color: #1b1b1b; margin: 0px; padding: 0px; }\n"
                          "html h1 { font-size: 15pt; margin-top: 0px; margin-bottom: 8px; }\n"
                          "html h2 { font-size: 12pt; margin-top: 18px; margin-bottom: 6px; }\n"
                          "html p, html ul { margin-top: 4px; margin-bottom: 6px; }\n"
                          "html table { border-collapse: collapse; border-style: solid; border-width: 1px;"
                          " border-color: #c8c8c8; margin-top: 6px; margin-bottom: 10px; }\n"
                          "html th, html td { border-style: solid; border-width: 1px; border-color: #c8c8c8;"
                          " padding-left: 3px; padding-right: 3px; padding-top: 2px; padding-bottom: 2px; }\n"
                          "html th { background-color: #eef1f4; font-weight: bold; }\n"
                          "html caption { font-weight: bold; }\n"
                          "html h4.caption { font-weight: bold; margin-top: 10px; margin-bottom: 0px; }\n"
                          "html code { font-family: %2; }\n"
                          "html p.note { color: #444444; }\n")
        .arg(sans, mono);
}

// Qt's rich text lays a <caption> out as a plain block before its table, so a
// page break could fall between a caption and its table. As a level-4 heading
// styled like a caption, keep_headings_with_next keeps it on its table's page.
QString captions_as_headings(QString html)
{
    static const QRegularExpression caption(QStringLiteral("(<table[^>]*>)\\s*<caption>(.*?)</caption>"),
                                            QRegularExpression::DotMatchesEverythingOption);
    return html.replace(caption, QStringLiteral("<h4 class=\"caption\">\\2</h4>\n\\1"));
}

// Qt has no "page-break-after: avoid": a heading whose next block starts on a
// later page is moved to that page. Blocks are visited in order, so each move
// is laid out before the next heading is looked at.
//
// The move is a block-format change, and Qt 6.4's incremental relayout after
// it lays out only the changed block: the tables after it are moved down, but
// the plain blocks after the next table are left without lines (zero height)
// and are never drawn. That dropped every heading, paragraph and note after
// the moved heading's first table from the PDF (issue 15: a page of tables
// without headings), and misplaced later headings' page checks.
// markContentsDirty() from the moved heading to the end lays it all out again
// before the next heading is measured.
void keep_headings_with_next(QTextDocument &document, qreal page_height)
{
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    auto page_of = [page_height](qreal y) { return static_cast<int>(y / page_height); };
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const QTextBlock next = block.next();
        if (block.blockFormat().headingLevel() == 0 || !next.isValid())
            continue;
        const QRectF heading = layout->blockBoundingRect(block);
        const QRectF following = layout->blockBoundingRect(next);
        if (page_of(following.top()) > page_of(heading.top())) {
            QTextBlockFormat format;
            format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(block).mergeBlockFormat(format);
            document.markContentsDirty(block.position(), document.characterCount() - block.position());
        }
    }
}

// Qt repeats a table's header rows on every page its frame reaches. A table
// whose last row ends at a page's foot still reaches the next page with its
// bottom margin (or border), and Qt drew its header there on top of the text
// that follows it (issue 15). The header covers a header's height from the
// page's top, whatever the frame's few pixels there, so what counts is
// whether the frame ends on a later page than its last row. Such a table
// loses its bottom margin (the page break is the space), and if that is not
// enough, its repeated header.
void keep_table_headers_off_the_next_block(QTextDocument &document, qreal page_height)
{
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    auto page_of = [page_height](qreal y) { return static_cast<int>(y / page_height); };
    auto spills = [&](QTextTable *table) {
        const QTextTableCell last = table->cellAt(table->rows() - 1, 0);
        if (!last.isValid())
            return false;
        const qreal rows_end = layout->blockBoundingRect(document.findBlock(last.lastPosition())).bottom();
        return page_of(layout->frameBoundingRect(table).bottom() - 0.5) > page_of(rows_end - 0.5);
    };
    for (QTextFrame *frame : document.rootFrame()->childFrames()) {
        auto *table = qobject_cast<QTextTable *>(frame);
        if (!table || table->format().headerRowCount() <= 0 || !spills(table))
            continue;
        QTextTableFormat format = table->format();
        format.setBottomMargin(0);
        table->setFormat(format);
        document.markContentsDirty(table->firstPosition(), document.characterCount() - table->firstPosition());
        if (spills(table)) {
            format.setHeaderRowCount(0);
            table->setFormat(format);
            document.markContentsDirty(table->firstPosition(), document.characterCount() - table->firstPosition());
        }
    }
}

// The widest unbreakable word and the whole one-line width of one cell, in
// the layout's pixels, measured by Qt's own layout of the cell's text alone
// (bold headers, code, the document's fonts and paint device).
constexpr qreal kSmallestTableText = 0.75;

struct ContentWidth {
    qreal word = 0, line = 0;
};

ContentWidth content_width(const QTextTableCell &cell, const QTextDocument &document)
{
    QTextCursor range(const_cast<QTextDocument *>(&document));
    range.setPosition(cell.firstPosition());
    range.setPosition(cell.lastPosition(), QTextCursor::KeepAnchor);
    QTextDocument alone;
    alone.documentLayout()->setPaintDevice(document.documentLayout()->paintDevice());
    alone.setDefaultFont(document.defaultFont());
    alone.setDocumentMargin(0);
    QTextCursor(&alone).insertFragment(range.selection());
    QTextOption option = alone.defaultTextOption();
    option.setWrapMode(QTextOption::WordWrap);
    alone.setDefaultTextOption(option);
    ContentWidth w;
    alone.setTextWidth(-1);
    w.line = alone.idealWidth();
    alone.setTextWidth(1); // every line breaks where it may: the widest piece is what cannot break
    w.word = alone.idealWidth();
    return w;
}

struct ColumnWidths {
    std::vector<qreal> least, most; // widest word, one-line text; padding and borders included
    qreal sum_least = 0, sum_most = 0;
};

// What Qt's layout shares out by percentages: the width less the table's
// margins, its border and the spacing between cells. A column's share then
// holds its cells' padding and borders as well as their text. Format lengths
// are CSS pixels, which Qt's layout scales from 96 dpi to the device.
qreal shared_width(const QTextTable *table, const QTextDocument &document, qreal width)
{
    const QPaintDevice *device = document.documentLayout()->paintDevice();
    const qreal px = device ? device->logicalDpiX() / 96.0 : 1.0;
    const QTextTableFormat f = table->format();
    return width -
           px * (f.leftMargin() + f.rightMargin() + 2 * f.border() + (table->columns() + 1) * f.cellSpacing() + 2);
}

ColumnWidths measure_columns(const QTextTable *table, const QTextDocument &document, qreal available)
{
    const QPaintDevice *device = document.documentLayout()->paintDevice();
    const qreal px = device ? device->logicalDpiX() / 96.0 : 1.0;
    const auto columns = static_cast<size_t>(table->columns());
    ColumnWidths w{std::vector<qreal>(columns), std::vector<qreal>(columns)};
    for (int row = 0; row < table->rows(); ++row)
        for (size_t c = 0; c < columns; ++c) {
            const QTextTableCell cell = table->cellAt(row, static_cast<int>(c));
            if (!cell.isValid() || cell.columnSpan() != 1)
                continue;
            // The style sheet pads and borders each cell, the table format does not.
            const QTextTableCellFormat cf = cell.format().toTableCellFormat();
            const qreal frame = px * (cf.leftPadding() + cf.rightPadding() + cf.leftBorder() + cf.rightBorder() +
                                      2 * table->format().cellPadding());
            const ContentWidth content = content_width(cell, document);
            w.least[c] = std::max(w.least[c], frame + std::min(content.word, 0.3 * available));
            w.most[c] = std::max(w.most[c], frame + content.line);
        }
    for (size_t c = 0; c < columns; ++c) {
        w.most[c] = std::max(w.most[c], w.least[c]);
        w.sum_least += w.least[c];
        w.sum_most += w.most[c];
    }
    return w;
}

// A table whose words do not fit side by side is set smaller, down to 75 %.
void shrink_table_text(QTextTable *table, const QTextDocument &document, qreal factor)
{
    QTextCursor cells = table->firstCursorPosition();
    cells.setPosition(table->lastCursorPosition().position(), QTextCursor::KeepAnchor);
    QTextCharFormat smaller;
    smaller.setFontPointSize(document.defaultFont().pointSizeF() * factor);
    cells.mergeCharFormat(smaller);
}

// Column widths as a browser's automatic table layout gives them: every
// column at least as wide as its widest word (a header or an identifier is
// never broken inside, "instan ce", "X25519-NIK E"), the space left shared in
// proportion to how much more each column's text wants. Qt's own layout breaks
// words anywhere once a table is crowded. A word wider than 30 % of the table
// (a path) may still break.
void fit_table_columns(QTextTable *table, const QTextDocument &document, qreal width)
{
    const int columns = table->columns();
    const qreal available = shared_width(table, document, width);
    if (columns < 2 || available <= 0)
        return;
    ColumnWidths w = measure_columns(table, document, available);
    if (w.sum_most <= available)
        return; // every cell fits on one line: Qt's own layout is right
    if (w.sum_least > available) {
        shrink_table_text(table, document, std::max(kSmallestTableText, 0.97 * available / w.sum_least));
        w = measure_columns(table, document, available);
    }
    QList<QTextLength> constraints;
    for (size_t c = 0; c < w.least.size(); ++c) {
        const qreal share =
            w.sum_least >= available
                ? w.least[c] / w.sum_least * available
                : w.least[c] + (w.most[c] - w.least[c]) * (available - w.sum_least) / (w.sum_most - w.sum_least);
        constraints << QTextLength(QTextLength::PercentageLength, 100 * share / available);
    }
    QTextTableFormat fitted = table->format();
    fitted.setColumnWidthConstraints(constraints);
    table->setFormat(fitted);
}

} // namespace

void fit_report_tables(QTextDocument *document, qreal width)
{
    for (QTextFrame *frame : document->rootFrame()->childFrames())
        if (auto *table = qobject_cast<QTextTable *>(frame))
            fit_table_columns(table, *document, width);
}

Accounting find_accounting(const std::string &campaign_root, const QString &explicit_path)
{
    // The CLI's rule and wording (core/dataset_source), so the page shows the CLI's section 6.
    Accounting a;
    const bool chosen = !explicit_path.isEmpty();
    kexbench::Accounting found =
        load_accounting(campaign_root, chosen ? std::optional<std::string>(local_path(explicit_path)) : std::nullopt);
    a.path = chosen ? explicit_path : from_local(found.path);
    a.entries = std::move(found.entries);
    a.note = std::move(found.note);
    a.error = QString::fromStdString(found.error);
    return a;
}

std::string default_candidate(const Dataset &dataset)
{
    const auto all = dataset.candidates();
    return all.size() == 1 ? all.front() : std::string();
}

ReportOptions report_options(const std::string &candidate, Accounting accounting, const std::string &algorithm_name)
{
    ReportOptions options;
    options.candidate = candidate;
    options.accounting = std::move(accounting.entries);
    options.accounting_note = std::move(accounting.note);
    if (!accounting.path.isEmpty())
        options.accounting_file = local_path(QFileInfo(accounting.path).fileName());
    options.layout = ReportLayout::v2;
    options.algorithm_name = algorithm_name;
    return options;
}

QString file_safe_name(QString text)
{
    for (QChar &c : text)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_') && c != QLatin1Char('.'))
            c = QLatin1Char('_');
    return text;
}

QStringList csv_table_paths(const Report &report, const QString &dir, const QString &prefix, QString *error)
{
    QStringList paths;
    QSet<QString> seen;
    const QDir target(dir);
    const QString stem = prefix.isEmpty() ? QString() : prefix + QLatin1Char('-');
    for (const auto &section : report.sections)
        for (const auto &table : section.tables) {
            const QString id = QString::fromStdString(table.id);
            QString why;
            if (!plain_file_name(table.id))
                why = QCoreApplication::translate("ReportExport", "Table id \"%1\" is not usable as a file name.")
                          .arg(id);
            else if (seen.contains(id))
                why = QCoreApplication::translate(
                          "ReportExport", "Two tables have the id \"%1\"; their CSV files would overwrite each other.")
                          .arg(id);
            if (!why.isEmpty()) {
                if (error)
                    *error = why;
                return {};
            }
            seen.insert(id);
            paths << target.filePath(stem + id + QStringLiteral(".csv"));
        }
    return paths;
}

ExportResult export_csv_tables(const Report &report, const QString &dir, const QString &prefix)
{
    ExportResult result;
    const QStringList paths = csv_table_paths(report, dir, prefix, &result.error);
    if (!result.error.isEmpty())
        return result;
    if (!QDir().mkpath(dir)) {
        result.error = QCoreApplication::translate("ReportExport", "Cannot create the folder %1.").arg(dir);
        return result;
    }
    qsizetype i = 0;
    for (const auto &section : report.sections)
        for (const auto &table : section.tables) {
            const QString &file = paths[i++];
            if (!write_text(render_csv(table), file, &result.error))
                return result;
            result.files << file;
        }
    result.ok = true;
    return result;
}

bool export_markdown(const Report &report, const QString &path, QString *error)
{
    return write_text(render_markdown(report), path, error);
}

bool export_html(const Report &report, const QString &path, QString *error)
{
    return write_text(render_html(report), path, error);
}

QStringList report_font_families()
{
    return {QStringLiteral("DejaVu Sans"), QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("sans-serif")};
}

void prepare_report_document(QTextDocument *document, double point_size)
{
    QFont font;
    font.setFamilies(report_font_families());
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(point_size);
    document->setDefaultFont(font);
    document->setDefaultStyleSheet(qt_style_sheet());
}

QString report_html_for_qt(const std::string &html)
{
    QString text = captions_as_headings(QString::fromStdString(html));
    const QString extra = QStringLiteral("<style>\n") + qt_style_sheet() + QStringLiteral("</style>\n");
    const qsizetype head_end = text.indexOf(QLatin1String("</head>"), 0, Qt::CaseInsensitive);
    if (head_end >= 0)
        text.insert(head_end, extra);
    else
        text.prepend(extra);
    return text;
}

bool write_pdf(const QString &html, const QString &path, QString *error, const PdfOptions &options, int *pages)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(QCoreApplication::translate("ReportExport", "%1: cannot write: %2").arg(path, file.errorString()));

    QPdfWriter writer(&file);
    writer.setPageLayout(
        QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, options.margins_mm, QPageLayout::Millimeter));
    writer.setCreator(QStringLiteral("kexbench"));

    QTextDocument document;
    // Lay the text out for the writer (1200 dpi), not for the screen: fonts are
    // then measured in the writer's pixels and the pages come out at full size.
    document.documentLayout()->setPaintDevice(&writer);
    prepare_report_document(&document, options.point_size);
    document.setDocumentMargin(0);
    document.setHtml(html);
    writer.setTitle(options.title.isEmpty() ? document.metaInformation(QTextDocument::DocumentTitle) : options.title);

    const QRectF paint = writer.pageLayout().paintRectPixels(writer.resolution());
    QFont footer_font = document.defaultFont();
    footer_font.setPointSizeF(options.point_size * 0.85);
    const qreal footer = options.page_numbers ? QFontMetricsF(footer_font, &writer).height() * 2.5 : 0;
    const QSizeF body(paint.width(), paint.height() - footer);
    fit_report_tables(&document, body.width());
    document.setPageSize(body);
    keep_headings_with_next(document, body.height());
    keep_table_headers_off_the_next_block(document, body.height());
    const int count = document.pageCount();

    QPainter painter;
    if (!painter.begin(&writer))
        return fail(QCoreApplication::translate("ReportExport", "%1: cannot start the PDF").arg(path));
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    for (int page = 0; page < count; ++page) {
        if (page > 0 && !writer.newPage()) {
            painter.end();
            return fail(QCoreApplication::translate("ReportExport", "%1: cannot add page %2").arg(path).arg(page + 1));
        }
        const QRectF view(0, page * body.height(), body.width(), body.height());
        painter.save();
        painter.translate(0, -view.top());
        painter.setClipRect(view);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = view;
        context.palette.setColor(QPalette::Text, Qt::black);
        layout->draw(&painter, context);
        painter.restore();
        if (options.page_numbers) {
            painter.setFont(footer_font);
            painter.setPen(QColor(0x55, 0x55, 0x55));
            painter.drawText(QRectF(0, body.height(), body.width(), footer), Qt::AlignHCenter | Qt::AlignBottom,
                             QCoreApplication::translate("ReportExport", "%1 / %2").arg(page + 1).arg(count));
        }
    }
    if (!painter.end())
        return fail(QCoreApplication::translate("ReportExport", "%1: cannot finish the PDF").arg(path));
    if (!file.commit())
        return fail(QCoreApplication::translate("ReportExport", "%1: cannot write: %2").arg(path, file.errorString()));
    if (pages)
        *pages = count;
    return true;
}

} // namespace kexbench::ui
