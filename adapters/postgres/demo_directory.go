package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/demo"
	"parcelportal/core/customer"
)

// DemoDirectory writes the demo organisation by natural keys (names, CRM
// ids, logins), so that seeding an installation twice changes nothing.
//
// With a Sealer it also writes each customer's carrier login, sealed as the
// customer store seals credentials; without one the logins stay as they are.
type DemoDirectory struct {
	Pool   *pgxpool.Pool
	Sealer Sealer
}

// SaveOrganisation writes tenant, hubs, customers and fulfillment in one
// transaction.
func (d DemoDirectory) SaveOrganisation(ctx context.Context, org demo.Organisation) error {
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		var tenantID int64
		err := tx.QueryRow(ctx, `
			INSERT INTO tenant (name, country_code, self_registration_emails, service_email, marketing_emails)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (name) DO UPDATE SET country_code = EXCLUDED.country_code,
				service_email = CASE WHEN tenant.service_email = '' THEN EXCLUDED.service_email ELSE tenant.service_email END,
				marketing_emails = CASE WHEN tenant.marketing_emails = '{}' THEN EXCLUDED.marketing_emails ELSE tenant.marketing_emails END
			RETURNING id`, org.Tenant.Name, org.Tenant.CountryCode, textList(org.Tenant.SelfRegistrationEmails),
			org.Tenant.ServiceEmail, textList(org.Tenant.MarketingEmails)).Scan(&tenantID)
		if err != nil {
			return fmt.Errorf("tenant: %w", err)
		}
		// Clear the default first: one default per tenant is a unique index.
		if _, err := tx.Exec(ctx, `UPDATE hub SET is_default = false WHERE tenant_id = $1`, tenantID); err != nil {
			return fmt.Errorf("hubs: %w", err)
		}
		for _, h := range org.Tenant.Hubs {
			_, err := tx.Exec(ctx, `
				INSERT INTO hub (tenant_id, name, is_default, street, zip_code, city, country_code)
				VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (tenant_id, name) DO UPDATE SET is_default = EXCLUDED.is_default,
					street = EXCLUDED.street, zip_code = EXCLUDED.zip_code, city = EXCLUDED.city,
					country_code = EXCLUDED.country_code`,
				tenantID, h.Name, h.Default, h.Street, h.ZipCode, h.City, h.CountryCode)
			if err != nil {
				return fmt.Errorf("hub %s: %w", h.Name, err)
			}
		}
		for _, c := range org.Customers {
			_, err := tx.Exec(ctx, `
				INSERT INTO customer (name, crmid, hub_id, api_client, available_features, eori_country_thresholds)
				VALUES ($1, $2, (SELECT id FROM hub WHERE tenant_id = $3 AND name = $4), $5, $6, $7)
				ON CONFLICT (crmid) DO UPDATE SET name = EXCLUDED.name, hub_id = EXCLUDED.hub_id,
					api_client = EXCLUDED.api_client, available_features = EXCLUDED.available_features,
					eori_country_thresholds = EXCLUDED.eori_country_thresholds`,
				c.Name, c.CRMID, tenantID, c.HubName, c.APIClient, customerList(c.Features), customerList(c.EORIThresholds))
			if err != nil {
				return fmt.Errorf("customer %s: %w", c.CRMID, err)
			}
			if err := d.saveCarrierLogin(ctx, tx, c); err != nil {
				return fmt.Errorf("customer %s carrier login: %w", c.CRMID, err)
			}
		}
		var fulfillmentID int64
		err = tx.QueryRow(ctx, `
			INSERT INTO fulfillment (name) VALUES ($1)
			ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
			RETURNING id`, org.Fulfillment.Name).Scan(&fulfillmentID)
		if err != nil {
			return fmt.Errorf("fulfillment: %w", err)
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO fulfillment_customer (fulfillment_id, customer_id)
			SELECT $1, id FROM customer WHERE crmid = ANY($2)
			ON CONFLICT DO NOTHING`, fulfillmentID, org.Fulfillment.CustomerCRMIDs)
		if err != nil {
			return fmt.Errorf("fulfillment customers: %w", err)
		}
		return nil
	})
}

// LinkLogin records the login's identity and its customer or fulfillment.
func (d DemoDirectory) LinkLogin(ctx context.Context, login, identityID, customerCRMID, fulfillmentName string) error {
	_, err := d.Pool.Exec(ctx, `
		INSERT INTO user_data (login, identity_id, customer_id, fulfillment_id)
		VALUES ($1, $2, (SELECT id FROM customer WHERE crmid = $3), (SELECT id FROM fulfillment WHERE name = $4))
		ON CONFLICT (login) DO UPDATE SET identity_id = EXCLUDED.identity_id,
			customer_id = EXCLUDED.customer_id, fulfillment_id = EXCLUDED.fulfillment_id`,
		login, identityID, customerCRMID, fulfillmentName)
	return err
}

// EnsureCSVTemplate writes the template under its name (a second seeding
// refreshes its file) and makes it active when no template is: an
// installation where staff chose another active template keeps it.
func (d DemoDirectory) EnsureCSVTemplate(ctx context.Context, doc demo.Document) error {
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		// One writer at a time: the active flag is decided on what is there.
		if _, err := tx.Exec(ctx, `LOCK TABLE csv_template_doc IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `
			UPDATE csv_template_doc SET document = $2, document_content_type = $3, file_name = $4
			WHERE id = (SELECT min(id) FROM csv_template_doc WHERE name = $1)`,
			doc.Name, doc.Content, doc.ContentType, doc.FileName)
		if err != nil {
			return fmt.Errorf("csv template: %w", err)
		}
		if tag.RowsAffected() == 0 {
			_, err = tx.Exec(ctx, `
				INSERT INTO csv_template_doc (name, document, document_content_type, file_name)
				VALUES ($1, $2, $3, $4)`, doc.Name, doc.Content, doc.ContentType, doc.FileName)
			if err != nil {
				return fmt.Errorf("csv template: %w", err)
			}
		}
		_, err = tx.Exec(ctx, `
			UPDATE csv_template_doc SET active = true
			WHERE id = (SELECT min(id) FROM csv_template_doc WHERE name = $1)
				AND NOT EXISTS (SELECT 1 FROM csv_template_doc WHERE active)`, doc.Name)
		return err
	})
}

// saveCarrierLogin writes the customer's API user name and tracking user
// and their sealed password, A1 key and fulltrack API key.
func (d DemoDirectory) saveCarrierLogin(ctx context.Context, tx pgx.Tx, c demo.Customer) error {
	if d.Sealer == nil || c.Carrier == (demo.CarrierLogin{}) {
		return nil
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, c.CRMID).Scan(&id); err != nil {
		return err
	}
	sealed, err := Customers{Sealer: d.Sealer}.seal(customer.Credentials{APIPassword: c.Carrier.Password, A1APIKey: c.Carrier.A1APIKey,
		TrackingPassword: c.Tracking.Password, FulltrackAccessKey: c.Tracking.AccessKey, FulltrackAPIKey: c.Tracking.APIKey}, id)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE customer SET api_username = $2, credentials_sealed = $3, tracking_username = $4,
		fulltrack_version = COALESCE(NULLIF($5, ''), fulltrack_version) WHERE id = $1`,
		id, c.Carrier.Username, sealed, c.Tracking.Username, c.Tracking.Version)
	return err
}
