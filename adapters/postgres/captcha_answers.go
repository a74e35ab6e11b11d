package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// CaptchaAnswers remembers answered captcha challenges until they expire.
type CaptchaAnswers struct{ Pool *pgxpool.Pool }

// Claim records the challenge as answered; false when it was answered before.
func (c CaptchaAnswers) Claim(ctx context.Context, challenge string, expires time.Time) (bool, error) {
	tag, err := c.Pool.Exec(ctx, `
		WITH expired AS (DELETE FROM captcha_used WHERE expires_at < now())
		INSERT INTO captcha_used (challenge, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, challenge, expires)
	return tag.RowsAffected() == 1, err
}
