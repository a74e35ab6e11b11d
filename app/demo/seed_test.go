package demo_test

import (
	"context"
	"errors"
	"testing"

	"parcelportal/app/demo"
	"parcelportal/core/access"
)

type recordingDirectory struct {
	org      demo.Organisation
	links    map[string]string
	template demo.Document
}

func (d *recordingDirectory) EnsureCSVTemplate(_ context.Context, doc demo.Document) error {
	d.template = doc
	return nil
}

func (d *recordingDirectory) SaveOrganisation(_ context.Context, org demo.Organisation) error {
	d.org = org
	return nil
}

func (d *recordingDirectory) LinkLogin(_ context.Context, login, identityID, _, _ string) error {
	d.links[login] = identityID
	return nil
}

type recordingIdentities struct {
	users []demo.NewUser
	fail  string
}

func (i *recordingIdentities) EnsureUser(_ context.Context, u demo.NewUser) (string, error) {
	if u.Login == i.fail {
		return "", errors.New("kratos said no")
	}
	i.users = append(i.users, u)
	return "id-" + u.Login, nil
}

func TestSeedCreatesOneLoginPerRole(t *testing.T) {
	dir := &recordingDirectory{links: map[string]string{}}
	ids := &recordingIdentities{}
	logins, err := demo.Seed(context.Background(), dir, ids)
	if err != nil {
		t.Fatal(err)
	}
	held := map[access.Role]bool{}
	for _, u := range ids.users {
		if u.Password != demo.Password || dir.links[u.Login] != "id-"+u.Login {
			t.Errorf("login %s not created and linked: %+v", u.Login, u)
		}
		for _, r := range u.Roles {
			held[r] = true
		}
	}
	for _, r := range access.AllRoles {
		if !held[r] {
			t.Errorf("no demo login holds %s", r)
		}
	}
	if len(logins) != len(ids.users) || len(dir.org.Customers) != 3 || len(dir.org.Fulfillment.CustomerCRMIDs) != 2 {
		t.Errorf("organisation = %+v", dir.org)
	}
	if dir.template.Name != "CSV template" || dir.template.FileName != "template.csv" || len(dir.template.Content) == 0 {
		t.Errorf("CSV template = %+v", dir.template)
	}
	defaults := 0
	for _, h := range dir.org.Tenant.Hubs {
		if h.Default {
			defaults++
		}
	}
	if len(dir.org.Tenant.Hubs) != 2 || defaults != 1 {
		t.Errorf("want two hubs, one default: %+v", dir.org.Tenant.Hubs)
	}
}

func TestSeedStopsAtTheFirstFailure(t *testing.T) {
	dir := &recordingDirectory{links: map[string]string{}}
	_, err := demo.Seed(context.Background(), dir, &recordingIdentities{fail: "operations"})
	if err == nil || dir.links["operations"] != "" {
		t.Fatalf("err = %v, links = %v", err, dir.links)
	}
}
