package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/customers"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// Sealer encrypts credentials at rest, bound to the place they are stored
// (sealPlace: table, column and row). Seal must produce a different value
// for every call; Open fails on a wrong key, a changed value or a value
// sealed for another place, and reports legacy for a value sealed before
// values were bound to their place (ResealCredentials seals those again).
type Sealer interface {
	Seal(plain []byte, place string) ([]byte, error)
	Open(sealed []byte, place string) (plain []byte, legacy bool, err error)
}

// Customers keeps customers in table customer. Secrets are sealed with
// Sealer before they reach the database and opened after reading.
type Customers struct {
	Pool   *pgxpool.Pool
	Sealer Sealer
}

// sealedSecrets is what credentials_sealed holds, before sealing.
type sealedSecrets struct {
	APIPassword, TrackingPassword, FulltrackAccessKey, FulltrackRefreshToken string
	FulltrackAPIKey, CognitoClientSecret, A1APIKey, A1Password               string
	ShippyProAPIKey, GRPAPIPassword                                          string
}

const customerColumns = `c.id, c.name, c.crmid, c.hub_id, h.name, c.api_client, c.label_type, c.language,
	c.street, c.additional_address, c.zip_code, c.city, c.region, c.country_code, c.phone,
	c.api_username, c.sender_tax_id, c.tax_number, c.should_increase_reference, c.manifest_type,
	c.manifesting_rules, coalesce(c.acss_id, 0), c.ci_chargeable,
	c.gtc_accepted, c.gtc_accepted_at, c.gtc_accepted_by,
	c.ci_pricing_accepted, c.ci_pricing_accepted_at, c.ci_pricing_accepted_by,
	c.available_features, c.seller_eori, c.eori_country_thresholds, c.manifest_emails,
	c.auto_manifest_active, c.auto_manifest_time, c.auto_manifest_days,
	c.fulltrack_version, c.grp_enabled, c.tracking_username, c.currency,
	c.cognito_client_id, c.a1_username, c.a1_processing_point, c.grp_api_username, c.credentials_sealed,
	coalesce((SELECT array_agg(fc.fulfillment_id ORDER BY fc.fulfillment_id) FROM fulfillment_customer fc WHERE fc.customer_id = c.id), '{}')`

var customerSelect = psql.Select(customerColumns).From("customer c").Join("hub h ON h.id = c.hub_id")

func (s Customers) scan(row pgx.Row) (customer.Customer, error) {
	var c customer.Customer
	var gtcAt, ciAt *time.Time
	var sealed []byte
	err := row.Scan(&c.ID, &c.Name, &c.CRMID, &c.HubID, &c.HubName, &c.APIClient, &c.LabelType, &c.Language,
		&c.Address.Street, &c.Address.AdditionalAddress, &c.Address.ZipCode, &c.Address.City, &c.Address.Region,
		&c.Address.CountryCode, &c.Address.Phone,
		&c.APIUsername, &c.SenderTaxID, &c.TaxNumber, &c.ShouldIncreaseReferenceNumber, &c.ManifestType,
		&c.ManifestingRules, &c.AcssID, &c.IsCommercialInvoiceChargeable,
		&c.GTC.Accepted, &gtcAt, &c.GTC.By, &c.CIPricing.Accepted, &ciAt, &c.CIPricing.By,
		&c.AvailableFeatures, &c.SellerEORI, &c.EORICountryThresholds, &c.ManifestEmails,
		&c.AutoManifest.Active, &c.AutoManifest.Time, &c.AutoManifest.Days,
		&c.FulltrackVersion, &c.GRPEnabled, &c.TrackingUsername, &c.Currency,
		&c.Credentials.CognitoClientID, &c.Credentials.A1Username, &c.Credentials.A1ProcessingPoint,
		&c.Credentials.GRPAPIUsername, &sealed, &c.FulfillmentIDs)
	if err != nil {
		return customer.Customer{}, err
	}
	if gtcAt != nil {
		c.GTC.At = gtcAt.UTC()
	}
	if ciAt != nil {
		c.CIPricing.At = ciAt.UTC()
	}
	c = emptyAsNil(c)
	if len(sealed) > 0 {
		plain, _, err := s.Sealer.Open(sealed, sealPlace("customer", "credentials_sealed", c.ID))
		if err != nil {
			return customer.Customer{}, fmt.Errorf("customer %d credentials: %w", c.ID, err)
		}
		var sec sealedSecrets
		if err := json.Unmarshal(plain, &sec); err != nil {
			return customer.Customer{}, err
		}
		cr := &c.Credentials
		cr.APIPassword, cr.TrackingPassword, cr.FulltrackAccessKey, cr.FulltrackRefreshToken = sec.APIPassword, sec.TrackingPassword, sec.FulltrackAccessKey, sec.FulltrackRefreshToken
		cr.FulltrackAPIKey, cr.CognitoClientSecret, cr.A1APIKey, cr.A1Password = sec.FulltrackAPIKey, sec.CognitoClientSecret, sec.A1APIKey, sec.A1Password
		cr.ShippyProAPIKey, cr.GRPAPIPassword = sec.ShippyProAPIKey, sec.GRPAPIPassword
	}
	return c, nil
}

// emptyAsNil keeps empty lists as nil, as the domain builds them.
func emptyAsNil(c customer.Customer) customer.Customer {
	if len(c.ManifestingRules) == 0 {
		c.ManifestingRules = nil
	}
	if len(c.AvailableFeatures) == 0 {
		c.AvailableFeatures = nil
	}
	if len(c.EORICountryThresholds) == 0 {
		c.EORICountryThresholds = nil
	}
	if len(c.ManifestEmails) == 0 {
		c.ManifestEmails = nil
	}
	if len(c.AutoManifest.Days) == 0 {
		c.AutoManifest.Days = nil
	}
	if len(c.FulfillmentIDs) == 0 {
		c.FulfillmentIDs = nil
	}
	return c
}

// seal seals the credentials of customer id.
func (s Customers) seal(cr customer.Credentials, id int64) ([]byte, error) {
	plain, err := json.Marshal(sealedSecrets{
		APIPassword: cr.APIPassword, TrackingPassword: cr.TrackingPassword, FulltrackAccessKey: cr.FulltrackAccessKey,
		FulltrackRefreshToken: cr.FulltrackRefreshToken, FulltrackAPIKey: cr.FulltrackAPIKey,
		CognitoClientSecret: cr.CognitoClientSecret, A1APIKey: cr.A1APIKey, A1Password: cr.A1Password,
		ShippyProAPIKey: cr.ShippyProAPIKey, GRPAPIPassword: cr.GRPAPIPassword,
	})
	if err != nil {
		return nil, err
	}
	return s.Sealer.Seal(plain, sealPlace("customer", "credentials_sealed", id))
}

func customerList[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// values are the customer's columns; the sealed credentials only for a
// stored customer (c.ID set), since they are bound to its row.
func (s Customers) values(c customer.Customer) (map[string]any, error) {
	var sealed []byte
	if c.ID != 0 {
		var err error
		if sealed, err = s.seal(c.Credentials, c.ID); err != nil {
			return nil, err
		}
	}
	var gtcAt, ciAt *time.Time
	if !c.GTC.At.IsZero() {
		gtcAt = &c.GTC.At
	}
	if !c.CIPricing.At.IsZero() {
		ciAt = &c.CIPricing.At
	}
	var acss *int64
	if c.AcssID > 0 {
		acss = &c.AcssID
	}
	rules, features, thresholds := customerList(c.ManifestingRules), customerList(c.AvailableFeatures), customerList(c.EORICountryThresholds)
	return map[string]any{
		"name": c.Name, "crmid": c.CRMID, "hub_id": c.HubID, "api_client": c.APIClient, "label_type": c.LabelType,
		"language": c.Language, "street": c.Address.Street, "additional_address": c.Address.AdditionalAddress,
		"zip_code": c.Address.ZipCode, "city": c.Address.City, "region": c.Address.Region,
		"country_code": c.Address.CountryCode, "phone": c.Address.Phone, "api_username": c.APIUsername,
		"sender_tax_id": c.SenderTaxID, "tax_number": c.TaxNumber,
		"should_increase_reference": c.ShouldIncreaseReferenceNumber, "manifest_type": c.ManifestType,
		"manifesting_rules": rules, "acss_id": acss, "ci_chargeable": c.IsCommercialInvoiceChargeable,
		"gtc_accepted": c.GTC.Accepted, "gtc_accepted_at": gtcAt, "gtc_accepted_by": c.GTC.By,
		"ci_pricing_accepted": c.CIPricing.Accepted, "ci_pricing_accepted_at": ciAt, "ci_pricing_accepted_by": c.CIPricing.By,
		"available_features": features, "seller_eori": c.SellerEORI, "eori_country_thresholds": thresholds,
		"manifest_emails": customerList(c.ManifestEmails), "auto_manifest_active": c.AutoManifest.Active,
		"auto_manifest_time": c.AutoManifest.Time, "auto_manifest_days": customerList(c.AutoManifest.Days),
		"fulltrack_version": c.FulltrackVersion, "grp_enabled": c.GRPEnabled, "tracking_username": c.TrackingUsername,
		"currency": c.Currency, "cognito_client_id": c.Credentials.CognitoClientID, "a1_username": c.Credentials.A1Username,
		"a1_processing_point": c.Credentials.A1ProcessingPoint, "grp_api_username": c.Credentials.GRPAPIUsername,
		"credentials_sealed": sealed,
	}, nil
}

func customerWriteFailure(err error) error {
	switch {
	case isUniqueViolation(err):
		return customer.ErrCRMIDTaken
	case isForeignKeyViolation(err), isCheckViolation(err):
		return &failure.Error{Kind: failure.Invalid, Key: "error.validation", Entity: customer.Object, Cause: err}
	}
	return err
}

func (s Customers) get(ctx context.Context, q querier, id int64, lock bool) (customer.Customer, error) {
	b := customerSelect.Where(sq.Eq{"c.id": id})
	if lock {
		b = b.Suffix("FOR UPDATE OF c")
	}
	query, args := b.MustSql()
	c, err := s.scan(q.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return customer.Customer{}, customer.ErrNotFound
	}
	return c, err
}

// Get returns one customer.
func (s Customers) Get(ctx context.Context, id int64) (customer.Customer, error) {
	return s.get(ctx, s.Pool, id, false)
}

// APIClient answers the customer's API client, without its credentials.
func (s Customers) APIClient(ctx context.Context, id int64) (string, error) {
	var client string
	err := s.Pool.QueryRow(ctx, `SELECT api_client FROM customer WHERE id = $1`, id).Scan(&client)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", customer.ErrNotFound
	}
	return client, err
}

// DefaultHubID answers the hub flagged default, of the first tenant with one.
func (s Customers) DefaultHubID(ctx context.Context) (int64, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, `SELECT id FROM hub WHERE is_default ORDER BY tenant_id LIMIT 1`).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// Create stores a new customer; its credentials are sealed for the row
// the insert made, in the same transaction.
func (s Customers) Create(ctx context.Context, c customer.Customer) (customer.Customer, error) {
	c.ID = 0
	values, err := s.values(c)
	if err != nil {
		return customer.Customer{}, err
	}
	query, args := psql.Insert("customer").SetMap(values).Suffix("RETURNING id").MustSql()
	var id int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, query, args...).Scan(&id); err != nil {
			return customerWriteFailure(err)
		}
		sealed, err := s.seal(c.Credentials, id)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE customer SET credentials_sealed = $2 WHERE id = $1`, id, sealed)
		return err
	})
	if err != nil {
		return customer.Customer{}, err
	}
	return s.Get(ctx, id)
}

// Update changes a customer through change in one transaction.
func (s Customers) Update(ctx context.Context, id int64, change func(*customer.Customer) error) (customer.Customer, error) {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return customer.Customer{}, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	c, err := s.get(ctx, tx, id, true)
	if err != nil {
		return customer.Customer{}, err
	}
	if err := change(&c); err != nil {
		return customer.Customer{}, err
	}
	values, err := s.values(c)
	if err != nil {
		return customer.Customer{}, err
	}
	query, args := psql.Update("customer").SetMap(values).Where(sq.Eq{"id": id}).MustSql()
	if _, err := tx.Exec(ctx, query, args...); err != nil {
		return customer.Customer{}, customerWriteFailure(err)
	}
	saved, err := s.get(ctx, tx, id, false)
	if err != nil {
		return customer.Customer{}, err
	}
	return saved, tx.Commit(ctx)
}

// Delete removes a customer. The history tables refer to it ON DELETE
// RESTRICT (migration 00014), so a customer with batches or shipments is
// refused by the database too: customer.ErrHasShippingHistory.
func (s Customers) Delete(ctx context.Context, id int64) error {
	tag, err := s.Pool.Exec(ctx, `DELETE FROM customer WHERE id = $1`, id)
	if isForeignKeyViolation(err) {
		return customer.ErrHasShippingHistory
	}
	if err == nil && tag.RowsAffected() == 0 {
		return customer.ErrNotFound
	}
	return err
}

var customerSortColumns = map[string]string{"name": "lower(c.name)", "crmid": "c.crmid", "id": "c.id"}

// List answers a filtered, sorted page and the total.
func (s Customers) List(ctx context.Context, q customers.Query) ([]customer.Customer, int, error) {
	where := sq.And{}
	if q.Name != "" {
		where = append(where, sq.Expr("c.name ILIKE '%' || ? || '%'", escapeLike(q.Name)))
	}
	if q.CRMID != "" {
		where = append(where, sq.Expr("c.crmid ILIKE '%' || ? || '%'", escapeLike(q.CRMID)))
	}
	if q.Scope != nil {
		where = append(where, sq.Expr("c.id = ANY(?)", q.Scope))
	}
	column, ok := customerSortColumns[q.Sort]
	if !ok {
		column = customerSortColumns["name"]
	}
	direction := " ASC"
	if q.Descending {
		direction = " DESC"
	}
	size := max(q.Size, 1)
	query, args := customerSelect.Where(where).OrderBy(column+direction, "c.id"+direction).
		Limit(uint64(size)).Offset(uint64(max(q.Page, 0) * size)).MustSql()
	countQuery, countArgs := psql.Select("count(*)").From("customer c").Where(where).MustSql()
	return listPage(ctx, s.Pool, s.scan, query, args, countQuery, countArgs...)
}

func escapeLike(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '%' || r == '_' || r == '\\' {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}
