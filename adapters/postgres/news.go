package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// News keeps the news items in dashboard order.
type News struct{ Pool *pgxpool.Pool }

var errNewsNotFound = &failure.Error{Kind: failure.NotFound, Key: "error.news.notFound", Entity: "news"}

const newsColumns = "id, created_at, summary, summary_en, summary_de, summary_nl, article_en, article_de, article_nl, sort_order"

func scanNews(row pgx.Row) (document.News, error) {
	var n document.News
	err := row.Scan(&n.ID, &n.CreatedAt, &n.Summary, &n.SummaryEn, &n.SummaryDe, &n.SummaryNl,
		&n.ArticleEn, &n.ArticleDe, &n.ArticleNl, &n.Order)
	if errors.Is(err, pgx.ErrNoRows) {
		return document.News{}, errNewsNotFound
	}
	return n, err
}

// List returns every item in order.
func (s News) List(ctx context.Context) ([]document.News, error) {
	return queryAll(ctx, s.Pool, scanNews, "SELECT "+newsColumns+" FROM news ORDER BY sort_order, id")
}

// Get returns one item.
func (s News) Get(ctx context.Context, id int64) (document.News, error) {
	return scanNews(s.Pool.QueryRow(ctx, "SELECT "+newsColumns+" FROM news WHERE id = $1", id))
}

// Create stores an item last; the table lock keeps concurrent creates apart.
func (s News) Create(ctx context.Context, n document.News) (document.News, error) {
	var out document.News
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE news IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return err
		}
		var err error
		out, err = scanNews(tx.QueryRow(ctx, `
			INSERT INTO news (summary, summary_en, summary_de, summary_nl, article_en, article_de, article_nl, sort_order)
			VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT count(*) FROM news)) RETURNING `+newsColumns,
			n.Summary, n.SummaryEn, n.SummaryDe, n.SummaryNl, n.ArticleEn, n.ArticleDe, n.ArticleNl))
		return err
	})
	return out, err
}

// Update stores an item's texts.
func (s News) Update(ctx context.Context, n document.News) (document.News, error) {
	return scanNews(s.Pool.QueryRow(ctx, `
		UPDATE news SET summary = $2, summary_en = $3, summary_de = $4, summary_nl = $5,
			article_en = $6, article_de = $7, article_nl = $8
		WHERE id = $1 RETURNING `+newsColumns,
		n.ID, n.Summary, n.SummaryEn, n.SummaryDe, n.SummaryNl, n.ArticleEn, n.ArticleDe, n.ArticleNl))
}

// Delete removes an item and renumbers the others densely.
func (s News) Delete(ctx context.Context, id int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE news IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "DELETE FROM news WHERE id = $1", id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errNewsNotFound
		}
		_, err = tx.Exec(ctx, `UPDATE news SET sort_order = r.n - 1
			FROM (SELECT id, row_number() OVER (ORDER BY sort_order, id) AS n FROM news) r
			WHERE news.id = r.id AND news.sort_order <> r.n - 1`)
		return err
	})
}

// Reorder stores the orders place returns, in one transaction.
func (s News) Reorder(ctx context.Context, place func([]document.Placed) []document.Placed) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT id, sort_order FROM news ORDER BY sort_order, id FOR UPDATE")
		if err != nil {
			return err
		}
		placed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (document.Placed, error) {
			var p document.Placed
			return p, r.Scan(&p.ID, &p.Order)
		})
		if err != nil {
			return err
		}
		before := make(map[int64]int, len(placed))
		for _, p := range placed {
			before[p.ID] = p.Order
		}
		batch := &pgx.Batch{}
		for _, p := range place(placed) {
			if old, ok := before[p.ID]; ok && old != p.Order {
				batch.Queue("UPDATE news SET sort_order = $2 WHERE id = $1", p.ID, p.Order)
			}
		}
		return tx.SendBatch(ctx, batch).Close()
	})
}
