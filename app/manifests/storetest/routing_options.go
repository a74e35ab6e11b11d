package storetest

import (
	"context"
	"testing"

	"parcelportal/app/manifests"
	"parcelportal/core/manifest"
)

// RoutingOptionsContract checks a store of default routing options: a
// saved option is listed with its values, a second save of its country
// replaces it, and the list comes ordered by country.
func RoutingOptionsContract(t *testing.T, store manifests.RoutingOptions) {
	t.Helper()
	ctx := context.Background()
	if err := store.Save(ctx, manifest.RoutingOption{Country: "SE", ManifestType: manifest.TypeMBPlus, Carrier: "PostNord", UpdatedBy: "admin"}); err != nil {
		t.Fatal(err)
	}
	if err := store.Save(ctx, manifest.RoutingOption{Country: "AT", ManifestType: manifest.TypeToCarrier, Carrier: "Post AG"}); err != nil {
		t.Fatal(err)
	}
	if err := store.Save(ctx, manifest.RoutingOption{Country: "SE", ManifestType: manifest.TypeCarrierDirect, Carrier: "Bring", UpdatedBy: "superadmin"}); err != nil {
		t.Fatal(err)
	}
	list, err := store.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d := manifest.DefaultsOf(list)
	if d["SE"] != (manifest.RoutingOption{Country: "SE", ManifestType: manifest.TypeCarrierDirect, Carrier: "Bring", UpdatedBy: "superadmin"}) {
		t.Errorf("SE after the second save = %+v", d["SE"])
	}
	if d["AT"].Carrier != "Post AG" || d["AT"].ManifestType != manifest.TypeToCarrier {
		t.Errorf("AT = %+v", d["AT"])
	}
	for i := 1; i < len(list); i++ {
		if list[i-1].Country >= list[i].Country {
			t.Fatalf("list not ordered by country, or a country twice: %+v", list)
		}
	}
}
