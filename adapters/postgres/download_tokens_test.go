package postgres_test

import (
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/downloadtoken/storetest"
)

func TestDownloadTokensContract(t *testing.T) {
	t.Parallel()
	storetest.Contract(t, postgres.DownloadTokens{Pool: postgrestest.NewPool(t)})
}
