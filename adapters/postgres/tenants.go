package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

// Tenants keeps tenants with their hubs; carrier API passwords and keys are
// sealed before they are written and opened after reading.
type Tenants struct {
	Pool   *pgxpool.Pool
	Sealer Sealer
}

// seal encrypts a secret of tenant id's column; empty stays NULL.
func (s Tenants) seal(plain, column string, id int64) ([]byte, error) {
	if plain == "" {
		return nil, nil
	}
	return s.Sealer.Seal([]byte(plain), sealPlace("tenant", column, id))
}

// open decrypts a secret of tenant id's column; NULL is empty. Errors name
// the column, never the value.
func (s Tenants) open(column string, sealed []byte, id int64) (string, error) {
	if len(sealed) == 0 {
		return "", nil
	}
	plain, _, err := s.Sealer.Open(sealed, sealPlace("tenant", column, id))
	if err != nil {
		return "", fmt.Errorf("tenant %s: %w", column, err)
	}
	return string(plain), nil
}

const tenantColumns = `t.id, coalesce(nullif(t.subsidiary, ''), t.name), t.name, t.service_email, t.manifest_success_email,
	t.manifest_failure_email, t.self_registration_emails, t.marketing_emails, t.street, t.additional_address,
	t.zip_code, t.city, t.country_code, t.a1_username, t.a1_password, t.a1_api_key, t.grp_username, t.grp_password`

func (s Tenants) scan(row pgx.Row) (organisation.Tenant, error) {
	var t organisation.Tenant
	var a1Password, a1Key, grpPassword []byte
	err := row.Scan(&t.ID, &t.Subsidiary, &t.Name, &t.ServiceEmail, &t.ManifestSuccessEmail, &t.ManifestFailureEmail,
		&t.SelfRegistrationEmails, &t.MarketingEmails, &t.Address.Street, &t.Address.AdditionalAddress,
		&t.Address.ZipCode, &t.Address.City, &t.Address.CountryCode, &t.A1.Username, &a1Password, &a1Key,
		&t.GRP.Username, &grpPassword)
	if err != nil {
		return organisation.Tenant{}, err
	}
	if t.A1.Password, err = s.open("a1_password", a1Password, t.ID); err != nil {
		return t, err
	}
	if t.A1.APIKey, err = s.open("a1_api_key", a1Key, t.ID); err != nil {
		return t, err
	}
	t.GRP.Password, err = s.open("grp_password", grpPassword, t.ID)
	return t, err
}

func (s Tenants) hubs(ctx context.Context, db querier, tenantIDs []int64) (map[int64][]organisation.Hub, error) {
	rows, err := db.Query(ctx, `
		SELECT tenant_id, id, name, email_address, street, additional_address, zip_code, city, country_code, is_default
		FROM hub WHERE tenant_id = ANY($1) ORDER BY id`, tenantIDs)
	if err != nil {
		return nil, err
	}
	out := map[int64][]organisation.Hub{}
	var tenantID int64
	var h organisation.Hub
	_, err = pgx.ForEachRow(rows, []any{&tenantID, &h.ID, &h.Name, &h.EmailAddress, &h.Street, &h.AdditionalAddress,
		&h.ZipCode, &h.City, &h.CountryCode, &h.IsDefault}, func() error {
		out[tenantID] = append(out[tenantID], h)
		return nil
	})
	return out, err
}

// ListTenants returns a page of tenants by subsidiary.
func (s Tenants) ListTenants(ctx context.Context, p organisations.Page) ([]organisation.Tenant, int, error) {
	rows, err := s.Pool.Query(ctx, `SELECT `+tenantColumns+` FROM tenant t
		ORDER BY coalesce(nullif(t.subsidiary, ''), t.name), t.id LIMIT $1 OFFSET $2`, p.Size, p.Page*p.Size)
	if err != nil {
		return nil, 0, err
	}
	tenants, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (organisation.Tenant, error) { return s.scan(r) })
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(tenants))
	for i, t := range tenants {
		ids[i] = t.ID
	}
	hubs, err := s.hubs(ctx, s.Pool, ids)
	if err != nil {
		return nil, 0, err
	}
	for i := range tenants {
		tenants[i].Hubs = hubs[tenants[i].ID]
	}
	var total int
	err = s.Pool.QueryRow(ctx, `SELECT count(*) FROM tenant`).Scan(&total)
	return tenants, total, err
}

// GetTenant returns one tenant with its hubs.
func (s Tenants) GetTenant(ctx context.Context, id int64) (organisation.Tenant, error) {
	return s.get(ctx, s.Pool, id, false)
}

func (s Tenants) get(ctx context.Context, db querier, id int64, lock bool) (organisation.Tenant, error) {
	sql := `SELECT ` + tenantColumns + ` FROM tenant t WHERE t.id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	t, err := s.scan(db.QueryRow(ctx, sql, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return organisation.Tenant{}, organisations.ErrTenantNotFound
	}
	if err != nil {
		return organisation.Tenant{}, err
	}
	hubs, err := s.hubs(ctx, db, []int64{id})
	t.Hubs = hubs[id]
	return t, err
}

// sealed seals the a1 password, a1 API key and grp password of tenant id.
func (s Tenants) sealed(t organisation.Tenant, id int64) ([3][]byte, error) {
	var out [3][]byte
	var err error
	if out[0], err = s.seal(t.A1.Password, "a1_password", id); err != nil {
		return out, err
	}
	if out[1], err = s.seal(t.A1.APIKey, "a1_api_key", id); err != nil {
		return out, err
	}
	out[2], err = s.seal(t.GRP.Password, "grp_password", id)
	return out, err
}

func tenantCountry(t organisation.Tenant) string {
	if t.Address.CountryCode != "" {
		return t.Address.CountryCode
	}
	if h, ok := t.DefaultHub(); ok {
		return h.CountryCode
	}
	return organisation.DefaultHubCountry
}

// CreateTenant stores a tenant and its hubs; its secrets are sealed for
// the row the insert made, in the same transaction.
func (s Tenants) CreateTenant(ctx context.Context, t organisation.Tenant) (organisation.Tenant, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			INSERT INTO tenant (subsidiary, name, service_email, manifest_success_email, manifest_failure_email,
				self_registration_emails, marketing_emails, street, additional_address, zip_code, city, country_code,
				a1_username, a1_password, a1_api_key, grp_username, grp_password)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
			tenantValues(t, [3][]byte{})...,
		).Scan(&id)
		if err != nil {
			return tenantFailure(err)
		}
		secrets, err := s.sealed(t, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE tenant SET a1_password = $2, a1_api_key = $3, grp_password = $4 WHERE id = $1`,
			id, secrets[0], secrets[1], secrets[2]); err != nil {
			return err
		}
		return saveHubs(ctx, tx, id, t.Hubs)
	})
	if err != nil {
		return organisation.Tenant{}, err
	}
	return s.GetTenant(ctx, id)
}

// UpdateTenant changes a tenant and its hubs in one transaction.
func (s Tenants) UpdateTenant(ctx context.Context, id int64, change func(organisation.Tenant) (organisation.Tenant, error)) (organisation.Tenant, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		current, err := s.get(ctx, tx, id, true)
		if err != nil {
			return err
		}
		t, err := change(current)
		if err != nil {
			return err
		}
		secrets, err := s.sealed(t, id)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			UPDATE tenant SET subsidiary = $2, name = $3, service_email = $4, manifest_success_email = $5,
				manifest_failure_email = $6, self_registration_emails = $7, marketing_emails = $8, street = $9,
				additional_address = $10, zip_code = $11, city = $12, country_code = $13, a1_username = $14,
				a1_password = $15, a1_api_key = $16, grp_username = $17, grp_password = $18
			WHERE id = $1`,
			append([]any{id}, tenantValues(t, secrets)...)...)
		if err != nil {
			return tenantFailure(err)
		}
		return saveHubs(ctx, tx, id, t.Hubs)
	})
	if err != nil {
		return organisation.Tenant{}, err
	}
	return s.GetTenant(ctx, id)
}

// saveHubs makes the tenant's hubs exactly the given ones: kept ids are
// updated, others removed, new ones added. Defaults are cleared first: the
// one-default index would refuse a switch row by row.
func saveHubs(ctx context.Context, tx pgx.Tx, tenantID int64, hubs []organisation.Hub) error {
	keep := []int64{}
	for _, h := range hubs {
		if h.ID > 0 {
			keep = append(keep, h.ID)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM hub WHERE tenant_id = $1 AND NOT (id = ANY($2))`, tenantID, keep); err != nil {
		return tenantFailure(err)
	}
	// Names are unique per tenant: park the kept ones while they may swap.
	if _, err := tx.Exec(ctx, `UPDATE hub SET is_default = false, name = '~' || id WHERE tenant_id = $1`, tenantID); err != nil {
		return err
	}
	for _, h := range hubs {
		var tag pgconn.CommandTag
		var err error
		if h.ID > 0 {
			tag, err = tx.Exec(ctx, `
				UPDATE hub SET name = $3, email_address = $4, street = $5, additional_address = $6, zip_code = $7,
					city = $8, country_code = $9, is_default = $10
				WHERE id = $1 AND tenant_id = $2`,
				h.ID, tenantID, h.Name, h.EmailAddress, h.Street, h.AdditionalAddress, h.ZipCode, h.City, h.CountryCode, h.IsDefault)
			if err == nil && tag.RowsAffected() == 0 {
				return fmt.Errorf("hub %d of another tenant: %w", h.ID, organisations.ErrTenantNotFound)
			}
		} else {
			_, err = tx.Exec(ctx, `
				INSERT INTO hub (tenant_id, name, email_address, street, additional_address, zip_code, city, country_code, is_default)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				tenantID, h.Name, h.EmailAddress, h.Street, h.AdditionalAddress, h.ZipCode, h.City, h.CountryCode, h.IsDefault)
		}
		if err != nil {
			return hubFailure(err)
		}
	}
	return nil
}

// DeleteTenant removes a tenant and its hubs.
func (s Tenants) DeleteTenant(ctx context.Context, id int64) error {
	tag, err := s.Pool.Exec(ctx, `DELETE FROM tenant WHERE id = $1`, id)
	if err != nil {
		if isForeignKeyViolation(err) {
			return organisations.ErrTenantInUse
		}
		return err
	}
	if tag.RowsAffected() == 0 {
		return organisations.ErrTenantNotFound
	}
	return nil
}

func textList(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func tenantFailure(err error) error {
	switch {
	case isUniqueViolation(err):
		return organisations.ErrTenantExists
	case isForeignKeyViolation(err):
		return organisations.ErrHubInUse
	}
	return err
}

func hubFailure(err error) error {
	if isUniqueViolation(err) {
		return organisations.ErrHubNameTaken
	}
	return err
}

// tenantValues are a tenant's column values in the order of the INSERT's
// columns and the UPDATE's $2 to $18; secrets are the sealed a1 password,
// a1 API key and grp password.
func tenantValues(t organisation.Tenant, secrets [3][]byte) []any {
	return []any{
		t.Subsidiary, t.Name, t.ServiceEmail, t.ManifestSuccessEmail, t.ManifestFailureEmail,
		textList(t.SelfRegistrationEmails), textList(t.MarketingEmails), t.Address.Street, t.Address.AdditionalAddress,
		t.Address.ZipCode, t.Address.City, tenantCountry(t), t.A1.Username, secrets[0], secrets[1], t.GRP.Username, secrets[2],
	}
}
