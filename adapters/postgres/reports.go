package postgres

import (
	"context"
	"strconv"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/reports"
	"parcelportal/core/invoice"
	"parcelportal/core/report"
)

// Reports reads the shipment report: every shipment row (batch rows and
// single parcels alike) with its entered fields (validated_shipment) and,
// when it has one, its batch. Cancelled shipments are not reported.
type Reports struct{ Pool *pgxpool.Pool }

// reportDate is a row's report date: when it went to the carrier, or when
// it was made while it waits. Indexed by shipment_report_by_customer and
// shipment_report_by_date (migration 00022) as this very expression.
const reportDate = `coalesce(s.submitted_at, s.created_at)`

// reportStatus is report.StatusOf in SQL; a contract test compares them.
const reportStatus = `CASE
	WHEN s.state IN ('PENDING', 'SUBMITTING') THEN 'SENDING'
	WHEN s.state <> 'DONE' OR NOT s.success THEN 'ERROR'
	WHEN b.status = 'CREATING_MANIFEST' THEN 'CREATING_MANIFEST'
	WHEN b.status = 'MANIFEST_CREATED' THEN 'MANIFEST_CREATED'
	WHEN b.status = 'ERROR_MANIFEST' THEN 'ERROR'
	ELSE 'SENT' END`

// reportLabelType is the label type a row was labelled with: the
// shipment's own, else its parcel's, else its batch's.
const reportLabelType = `coalesce(nullif(s.label_type, ''), nullif(v.label_type, ''), b.label_type, 'PDF')`

// number matches the amounts a row's cells may hold. No question mark:
// squirrel would read it as a placeholder.
const number = `'^\s*[0-9]+([.,][0-9]+){0,1}\s*$'`

func field(name string) string { return `coalesce(v.fields->'` + name + `'->>'value', '')` }

func numeric(cell string, otherwise string) string {
	return `CASE WHEN ` + cell + ` ~ ` + number + ` THEN replace(trim(` + cell + `), ',', '.')::numeric ELSE ` + otherwise + ` END`
}

// reportValue sums the order lines' quantity times value.
var reportValue = `coalesce((SELECT sum(` + numeric(`(l->'value'->>'value')`, "0") + ` * ` +
	numeric(`(l->'quantity'->>'value')`, "1") + `) FROM jsonb_array_elements(v.order_lines) l), 0)::float8`

// reportInvoiceNumber is the number of the stored invoice a row is on
// (migration 00023), else the invoice number its CSV row carries.
var reportInvoiceNumber = `coalesce((SELECT ci.number FROM commercial_invoice_shipment cis
	JOIN commercial_invoice ci ON ci.id = cis.invoice_id WHERE cis.shipment_id = s.id), ` + field("invoiceNumber") + `)`

var reportColumns = []string{"s.id", "s.customer_id", "coalesce(s.batch_id, 0)", reportDate, "s.reference_number",
	"s.receiver_name", field("postalcode"), field("city"), "s.destination", "s.product", "s.service",
	field("options"), field("format"), "s.identifier", field("weight"), reportValue, field("currency"),
	reportStatus, "s.error_message", reportInvoiceNumber, "s.api_client", reportLabelType,
	"coalesce(v.source, 'BATCH')", "c.name", "c.crmid", "coalesce(v.uuid::text, '')", "s.label IS NOT NULL",
	"s.retoure"}

// reportFrom joins what a row shows.
const reportFrom = `shipment s
	LEFT JOIN validated_shipment v ON v.id = s.validated_shipment_id
	LEFT JOIN batch b ON b.id = s.batch_id
	JOIN customer c ON c.id = s.customer_id`

// sortColumns are the expressions report.SortFields order by.
var sortColumns = map[string]string{
	report.SortSubmittedAt: reportDate,
	"referenceNumber":      "s.reference_number",
	"recipientName":        "s.receiver_name",
	"postalCode":           field("postalcode"),
	"city":                 field("city"),
	"destination":          "s.destination",
	"product":              "s.product",
	"service":              "s.service",
	"identifier":           "s.identifier",
	"status":               reportStatus,
	"customerName":         "c.name",
}

func scanReportRow(row pgx.Row) (report.Row, error) {
	var r report.Row
	var status, weight string
	err := row.Scan(&r.ShipmentID, &r.CustomerID, &r.BatchID, &r.SubmittedAt, &r.ReferenceNumber,
		&r.RecipientName, &r.PostalCode, &r.City, &r.Destination, &r.Product, &r.Service,
		&r.AdditionalOptions, &r.Format, &r.Identifier, &weight, &r.Value, &r.Currency,
		&status, &r.ErrorMessage, &r.InvoiceNumber, &r.APIClient, &r.LabelType,
		&r.Source, &r.CustomerName, &r.CustomerCRMID, &r.ParcelUUID, &r.HasLabel, &r.Return)
	r.Status = report.Status(status)
	r.SubmittedAt = r.SubmittedAt.UTC()
	r.Weight, _ = strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(weight), ",", "."), 64)
	return r, err
}

// likeContains is an ILIKE pattern matching text anywhere, with the
// pattern's own characters taken literally.
func likeContains(text string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(text) + "%"
}

// reportWhere is the query's scope and criteria.
func reportWhere(q reports.Query) sq.And {
	c := q.Criteria
	where := sq.And{
		sq.Expr("s.state <> 'CANCELLED'"),
		sq.Expr(reportDate+" >= ?", c.FromDate),
		sq.Expr(reportDate+" < ?", c.ToDate),
	}
	switch {
	case len(q.Customers) == 1:
		// Equality, not ANY: the index is then read in date order.
		where = append(where, sq.Eq{"s.customer_id": q.Customers[0]})
	case q.Customers != nil:
		where = append(where, sq.Expr("s.customer_id = ANY(?)", q.Customers))
	}
	oneOf := func(column string, values []string) {
		if len(values) > 0 {
			where = append(where, sq.Expr(column+" = ANY(?)", values))
		}
	}
	oneOf("s.product", c.Products)
	oneOf("s.service", c.Services)
	oneOf(field("format"), c.Formats)
	oneOf("s.destination", upper(c.Countries))
	oneOf("s.identifier", c.TrackingNumbers)
	oneOf("s.reference_number", c.OrderNumbers)
	oneOf(reportLabelType, c.LabelTypes)
	oneOf(reportInvoiceNumber, c.InvoiceNumbers)
	oneOf("s.api_client", report.StoredAPIClients(c.APIClients))
	if len(c.Status) > 0 {
		statuses := make([]string, len(c.Status))
		for i, st := range c.Status {
			statuses[i] = string(st)
		}
		oneOf(reportStatus, statuses)
	}
	if len(c.AdditionalServices) > 0 {
		where = append(where, sq.Expr("string_to_array("+field("options")+", '|') && ?::text[]", c.AdditionalServices))
	}
	if c.RecipientName != "" {
		where = append(where, sq.Expr("s.receiver_name ILIKE ?", likeContains(c.RecipientName)))
	}
	if c.PostalCode != "" {
		where = append(where, sq.Expr(field("postalcode")+" ILIKE ?", likeContains(c.PostalCode)))
	}
	if c.City != "" {
		where = append(where, sq.Expr(field("city")+" ILIKE ?", likeContains(c.City)))
	}
	if c.ParcelUUID != "" {
		where = append(where, sq.Expr("v.uuid = ?::uuid", c.ParcelUUID))
	}
	return where
}

func upper(values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = strings.ToUpper(strings.TrimSpace(v))
	}
	return out
}

// reportOrder orders by the sort field, then by id the same way, so pages
// never overlap.
func reportOrder(q reports.Query) []string {
	dir := " DESC"
	if !q.Descending {
		dir = " ASC"
	}
	column, ok := sortColumns[q.SortField]
	if !ok {
		column = reportDate
	}
	return []string{column + dir, "s.id" + dir}
}

// reportSelect selects from the shipments with only the joins the query's
// criteria and order read: the rows are chosen (and counted) before the
// wide row of validated_shipment is read, for the page alone.
func reportSelect(q reports.Query, columns ...string) sq.SelectBuilder {
	c := q.Criteria
	needRow := len(c.Formats) > 0 || len(c.AdditionalServices) > 0 || c.PostalCode != "" || c.City != "" ||
		c.ParcelUUID != "" || len(c.InvoiceNumbers) > 0 || len(c.LabelTypes) > 0 ||
		q.SortField == "postalCode" || q.SortField == "city"
	needBatch := len(c.Status) > 0 || len(c.LabelTypes) > 0 || q.SortField == "status"
	b := psql.Select(columns...).From("shipment s")
	if needRow {
		b = b.LeftJoin("validated_shipment v ON v.id = s.validated_shipment_id")
	}
	if needBatch {
		b = b.LeftJoin("batch b ON b.id = s.batch_id")
	}
	if q.SortField == "customerName" {
		b = b.Join("customer c ON c.id = s.customer_id")
	}
	return b.Where(reportWhere(q))
}

// rowsSQL reads the rows of the query's ids, chosen first, in order.
func rowsSQL(q reports.Query, limit, offset int) (string, []any) {
	ids := reportSelect(q, "s.id").OrderBy(reportOrder(q)...).Limit(uint64(limit)).Offset(uint64(offset))
	return psql.Select(reportColumns...).FromSelect(ids, "p").
		Join(strings.Replace(reportFrom, "shipment s", "shipment s ON s.id = p.id", 1)).
		OrderBy(reportOrder(q)...).MustSql()
}

// pageSQL is the statement of a page.
func pageSQL(q reports.Query) (string, []any) {
	return rowsSQL(q, q.Size, q.Page*q.Size)
}

// countSQL counts the query's rows up to limit+1.
func countSQL(q reports.Query, limit int) (string, []any) {
	inner := reportSelect(q, "1").Limit(uint64(limit) + 1)
	return psql.Select("count(*)").FromSelect(inner, "t").MustSql()
}

// ExplainReport answers the plans of a page and its count, for tuning.
func (s Reports) ExplainReport(ctx context.Context, q reports.Query) (string, error) {
	var out strings.Builder
	for _, stmt := range []func() (string, []any){func() (string, []any) { return pageSQL(q) },
		func() (string, []any) { return countSQL(q, report.MaxCount) }} {
		query, args := stmt()
		rows, err := s.Pool.Query(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+query, args...)
		if err != nil {
			return "", err
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return "", err
		}
		out.WriteString(strings.Join(lines, "\n") + "\n\n")
	}
	return out.String(), nil
}

// Search answers a page and the total, counted up to report.MaxCount.
func (s Reports) Search(ctx context.Context, q reports.Query) (report.Page, error) {
	query, args := pageSQL(q)
	count, countArgs := countSQL(q, report.MaxCount)
	list, total, err := listPage(ctx, s.Pool, scanReportRow, query, args, count, countArgs...)
	if err != nil {
		return report.Page{}, err
	}
	page := report.Page{Rows: list, Total: total}
	if total > report.MaxCount {
		page.Total, page.TotalCapped = report.MaxCount, true
	}
	return page, nil
}

// count counts the query's rows up to limit+1.
func (s Reports) count(ctx context.Context, q reports.Query, limit int) (int, error) {
	query, args := countSQL(q, limit)
	var n int
	err := s.Pool.QueryRow(ctx, query, args...).Scan(&n)
	return n, err
}

// Each streams every row of the query, refusing more than limit.
func (s Reports) Each(ctx context.Context, q reports.Query, limit int, fn func(report.Row) error) error {
	n, err := s.count(ctx, q, limit)
	if err != nil {
		return err
	}
	if n > limit {
		return report.ErrReduceSearchCriteria
	}
	query, args := rowsSQL(q, limit, 0)
	rows, err := s.Pool.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanReportRow(rows)
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// IDs answers the ids of the query's rows, refusing more than limit.
func (s Reports) IDs(ctx context.Context, q reports.Query, limit int) ([]int64, error) {
	query, args := reportSelect(q, "s.id").OrderBy(reportOrder(q)...).Limit(uint64(limit) + 1).MustSql()
	rows, err := s.Pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	if len(ids) > limit {
		return nil, report.ErrReduceSearchCriteria
	}
	return ids, nil
}

// Rows answers the given shipments within the customers (nil: any).
func (s Reports) Rows(ctx context.Context, customers []int64, ids []int64) ([]report.Row, error) {
	where := sq.And{sq.Expr("s.state <> 'CANCELLED'"), sq.Expr("s.id = ANY(?)", ids)}
	if customers != nil {
		where = append(where, sq.Expr("s.customer_id = ANY(?)", customers))
	}
	query, args := psql.Select(reportColumns...).From(reportFrom).Where(where).OrderBy("s.id").MustSql()
	return queryAll(ctx, s.Pool, scanReportRow, query, args...)
}

// Labels answers the labels of the given shipments that hold one.
func (s Reports) Labels(ctx context.Context, ids []int64) ([]reports.Document, error) {
	return queryAll(ctx, s.Pool, func(r pgx.Row) (reports.Document, error) {
		var d reports.Document
		err := r.Scan(&d.ShipmentID, &d.LabelType, &d.ContentType, &d.Data)
		return d, err
	}, `SELECT s.id, s.label_type, s.label_content_type, s.label FROM shipment s
		WHERE s.id = ANY($1) AND s.label IS NOT NULL AND s.state <> 'CANCELLED' ORDER BY s.id`, ids)
}

// Invoices answers the validated rows of the given labelled shipments.
func (s Reports) Invoices(ctx context.Context, ids []int64) ([]reports.InvoiceRow, error) {
	return queryAll(ctx, s.Pool, scanInvoiceRow, `SELECT s.id, s.customer_id, s.identifier, v.fields::text, v.order_lines::text, v.valid
		FROM shipment s JOIN validated_shipment v ON v.id = s.validated_shipment_id
		WHERE s.id = ANY($1) AND s.state = 'DONE' AND s.success ORDER BY s.id`, ids)
}

func scanInvoiceRow(r pgx.Row) (reports.InvoiceRow, error) {
	var out reports.InvoiceRow
	var fields, lines string
	var valid bool
	if err := r.Scan(&out.ShipmentID, &out.CustomerID, &out.Labelled.Identifier, &fields, &lines, &valid); err != nil {
		return out, err
	}
	row, err := parseRow([]byte(fields), []byte(lines), valid)
	out.Labelled = invoice.Labelled{Row: row, Identifier: out.Labelled.Identifier}
	return out, err
}
