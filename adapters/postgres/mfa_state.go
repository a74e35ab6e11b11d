package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// MFAState keeps pending second factors, skips and used codes.
type MFAState struct{ Pool *pgxpool.Pool }

// MarkPending records a session that owes its second factor.
func (m MFAState) MarkPending(ctx context.Context, p identity.PendingSignIn) error {
	_, err := m.Pool.Exec(ctx, `
		INSERT INTO mfa_pending (token_hash, identity_id, remember_me, expires_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (token_hash) DO UPDATE SET identity_id = EXCLUDED.identity_id,
			remember_me = EXCLUDED.remember_me, expires_at = EXCLUDED.expires_at, attempts = 0`,
		p.TokenHash, p.IdentityID, p.RememberMe, p.ExpiresAt)
	return err
}

// Pending returns the session's pending sign-in, if any.
func (m MFAState) Pending(ctx context.Context, tokenHash []byte) (identity.PendingSignIn, bool, error) {
	p := identity.PendingSignIn{TokenHash: tokenHash}
	err := m.Pool.QueryRow(ctx, `SELECT identity_id::text, remember_me, expires_at FROM mfa_pending WHERE token_hash = $1`,
		tokenHash).Scan(&p.IdentityID, &p.RememberMe, &p.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return identity.PendingSignIn{}, false, nil
	}
	return p, err == nil, err
}

// TakeCodeAttempt counts a code attempt in one UPDATE ... RETURNING, which
// parallel attempts of one session pass one at a time.
func (m MFAState) TakeCodeAttempt(ctx context.Context, tokenHash []byte, limit int) (bool, error) {
	var attempts int
	err := m.Pool.QueryRow(ctx, `UPDATE mfa_pending SET attempts = attempts + 1 WHERE token_hash = $1 RETURNING attempts`,
		tokenHash).Scan(&attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil && attempts <= limit, err
}

// ClearPending forgets the session's pending sign-in, and expired ones of anybody.
func (m MFAState) ClearPending(ctx context.Context, tokenHash []byte) error {
	_, err := m.Pool.Exec(ctx, `DELETE FROM mfa_pending WHERE token_hash = $1 OR expires_at < now()`, tokenHash)
	return err
}

// SkipUntil is when device registration is asked for again.
func (m MFAState) SkipUntil(ctx context.Context, identityID string) (time.Time, error) {
	var until time.Time
	err := m.Pool.QueryRow(ctx, `SELECT skip_until FROM mfa_skip WHERE identity_id = $1`, identityID).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, nil
	}
	return until, err
}

// SetSkipUntil records a skip.
func (m MFAState) SetSkipUntil(ctx context.Context, identityID string, until time.Time) error {
	_, err := m.Pool.Exec(ctx, `
		INSERT INTO mfa_skip (identity_id, skip_until) VALUES ($1, $2)
		ON CONFLICT (identity_id) DO UPDATE SET skip_until = EXCLUDED.skip_until`, identityID, until)
	return err
}

// UseCode records a code as used; the primary key makes the first use win
// when two requests race with the same code.
func (m MFAState) UseCode(ctx context.Context, identityID string, codeHash []byte, at time.Time, window time.Duration) error {
	return pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM mfa_used_code WHERE identity_id = $1 AND used_at < $2`,
			identityID, at.Add(-window)); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `
			INSERT INTO mfa_used_code (identity_id, code_hash, used_at) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, identityID, codeHash, at)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return account.ErrCodeReused
		}
		return nil
	})
}
