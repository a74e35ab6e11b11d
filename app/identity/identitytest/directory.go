package identitytest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

// DirectoryContract checks identity.Directory.
func DirectoryContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	parallel(t, "Create returns the user as Get reads it", newFixture, func(t *testing.T, f Fixture) {
		created := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
		u, _ := newUser(t, f, func(u *account.User) {
			u.FirstName, u.LastName, u.LangKey = "Jürgen", "Groß", "de"
			u.Roles = []access.Role{access.Admin, access.User}
			u.Status = account.Pending
			u.CreatedBy, u.CreatedAt, u.ModifiedBy, u.ModifiedAt = "admin", created, "admin", created.Add(time.Hour)
		})
		if u.ID == "" {
			t.Fatal("Create returned no id")
		}
		sameUser(t, "Create", u, u.Login, u.Email, "Jürgen", "Groß", "de", account.Pending, []access.Role{access.Admin, access.User})
		sameUser(t, "Get", get(t, f, u.ID), u.Login, u.Email, "Jürgen", "Groß", "de", account.Pending, []access.Role{access.Admin, access.User})
		got := get(t, f, u.ID)
		if got.HasSecondFactor || got.CreatedBy != "admin" || !got.CreatedAt.Equal(created) ||
			got.ModifiedBy != "admin" || !got.ModifiedAt.Equal(created.Add(time.Hour)) {
			t.Errorf("Get = %+v, want no second factor and the created and modified facts given", got)
		}
	})

	parallel(t, "Create without a language stores en", newFixture, func(t *testing.T, f Fixture) {
		u, _ := newUser(t, f, func(u *account.User) { u.LangKey = "" })
		if got := get(t, f, u.ID).LangKey; got != account.DefaultLocale {
			t.Errorf("LangKey = %q, want %q", got, account.DefaultLocale)
		}
	})

	parallel(t, "Create refuses a taken login or e-mail address, in any case", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		taken, _ := newUser(t, f, nil)
		other := newLogin()
		_, err := f.Directory.Create(ctx, account.User{Login: strings.ToUpper(taken.Login), Email: emailOf(other),
			LangKey: "en", Status: account.Active}, "secret")
		wantFailure(t, "Create with a taken login", err, account.ErrLoginTaken)
		_, err = f.Directory.Create(ctx, account.User{Login: other, Email: strings.ToLower(taken.Email),
			LangKey: "en", Status: account.Active}, "secret")
		wantFailure(t, "Create with a taken e-mail address", err, account.ErrEmailTaken)
		if _, err := f.Directory.FindByLogin(ctx, other); err == nil {
			t.Error("a refused Create left a login behind")
		}
	})

	parallel(t, "a created ACTIVE user signs in with the password", newFixture, func(t *testing.T, f Fixture) {
		u, password := newUser(t, f, nil)
		signIn(t, f, u.Login, password)
	})

	parallel(t, "Get, FindByLogin and FindByEmail of a missing user are ErrUserNotFound", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		for _, id := range []string{"no-such-id", "00000000-0000-4000-8000-" + randomHex(6)} {
			_, err := f.Directory.Get(ctx, id)
			wantFailure(t, "Get("+id+")", err, account.ErrUserNotFound)
		}
		_, err := f.Directory.FindByLogin(ctx, newLogin())
		wantFailure(t, "FindByLogin", err, account.ErrUserNotFound)
		_, err = f.Directory.FindByEmail(ctx, emailOf(newLogin()))
		wantFailure(t, "FindByEmail", err, account.ErrUserNotFound)
	})

	parallel(t, "FindByLogin and FindByEmail ignore case", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, _ := newUser(t, f, nil)
		// A second user whose address starts like the first user's login
		// must not be mistaken for it.
		newUser(t, f, func(o *account.User) { o.Email = u.Login + "x@example.org" })
		for _, login := range []string{u.Login, strings.ToUpper(u.Login), strings.ToLower(u.Login)} {
			got, err := f.Directory.FindByLogin(ctx, login)
			if err != nil || got.ID != u.ID || got.Login != u.Login {
				t.Errorf("FindByLogin(%s) = %s %q, %v; want %s %q", login, got.ID, got.Login, err, u.ID, u.Login)
			}
		}
		for _, email := range []string{u.Email, strings.ToUpper(u.Email), strings.ToLower(u.Email)} {
			got, err := f.Directory.FindByEmail(ctx, email)
			if err != nil || got.ID != u.ID {
				t.Errorf("FindByEmail(%s) = %s, %v; want %s", email, got.ID, err, u.ID)
			}
		}
	})

	parallel(t, "List holds every user", newFixture, func(t *testing.T, f Fixture) {
		a, _ := newUser(t, f, nil)
		b, _, _ := userWithDevice(t, f)
		all, err := f.Directory.List(context.Background())
		if err != nil {
			t.Fatalf("List: %v", err)
		}
		found := map[string]bool{}
		for _, u := range all {
			if u.ID == a.ID || u.ID == b.ID {
				found[u.ID] = true
				if u.HasSecondFactor != (u.ID == b.ID) || u.Login == "" || u.Status != account.Active {
					t.Errorf("List has %+v", u)
				}
			}
		}
		if len(found) != 2 {
			t.Errorf("List lacks %v or %v", a.ID, b.ID)
		}
	})

	parallel(t, "Update changes the profile, roles, status and modified facts but not the login", newFixture, func(t *testing.T, f Fixture) {
		u, _ := newUser(t, f, nil)
		modified := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
		change := u
		change.Login = newLogin()
		change.Email = emailOf(newLogin())
		change.FirstName, change.LastName, change.LangKey = "Ana", "López", "es"
		change.Roles = []access.Role{access.Operations}
		change.Status = account.Inactive
		change.ModifiedBy, change.ModifiedAt = "admin", modified
		updated, err := f.Directory.Update(context.Background(), change)
		if err != nil {
			t.Fatalf("Update: %v", err)
		}
		for what, got := range map[string]account.User{"Update": updated, "Get": get(t, f, u.ID)} {
			sameUser(t, what, got, u.Login, change.Email, "Ana", "López", "es", account.Inactive, []access.Role{access.Operations})
			if got.ModifiedBy != "admin" || !got.ModifiedAt.Equal(modified) || got.CreatedBy != u.CreatedBy || !got.CreatedAt.Equal(u.CreatedAt) {
				t.Errorf("%s = %+v, want modified by admin at %v and the created facts kept", what, got, modified)
			}
		}
	})

	parallel(t, "Update refuses the e-mail address of another login", newFixture, func(t *testing.T, f Fixture) {
		u, _ := newUser(t, f, nil)
		other, _ := newUser(t, f, nil)
		u.Email = strings.ToUpper(other.Email)
		_, err := f.Directory.Update(context.Background(), u)
		wantFailure(t, "Update", err, account.ErrEmailTaken)
	})

	parallel(t, "Update of a missing user is ErrUserNotFound", newFixture, func(t *testing.T, f Fixture) {
		u, _ := newUser(t, f, nil)
		if err := f.Directory.Delete(context.Background(), u.ID); err != nil {
			t.Fatal(err)
		}
		_, err := f.Directory.Update(context.Background(), u)
		wantFailure(t, "Update", err, account.ErrUserNotFound)
	})

	parallel(t, "UpdateProfile keeps the roles and status an admin set after the user read them", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, _ := newUser(t, f, func(u *account.User) { u.Roles = []access.Role{access.Admin, access.User} })
		demoted := get(t, f, u.ID) // what the user's profile page read
		demoted.Roles, demoted.Status = []access.Role{access.User}, account.Inactive
		if _, err := f.Directory.Update(ctx, demoted); err != nil {
			t.Fatal(err)
		}
		modified := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
		email := emailOf(newLogin())
		saved, err := f.Directory.UpdateProfile(ctx, u.ID, identity.ProfileUpdate{
			FirstName: "Ana", LastName: "", Email: email, LangKey: "it", ModifiedBy: u.Login, ModifiedAt: modified,
		})
		if err != nil {
			t.Fatalf("UpdateProfile: %v", err)
		}
		for what, got := range map[string]account.User{"UpdateProfile": saved, "Get": get(t, f, u.ID)} {
			sameUser(t, what, got, u.Login, email, "Ana", "", "it", account.Inactive, []access.Role{access.User})
			if got.ModifiedBy != u.Login || !got.ModifiedAt.Equal(modified) {
				t.Errorf("%s = %+v, want modified by the user at %v", what, got, modified)
			}
		}
		other, _ := newUser(t, f, nil)
		_, err = f.Directory.UpdateProfile(ctx, u.ID, identity.ProfileUpdate{Email: strings.ToUpper(other.Email), LangKey: "en"})
		wantFailure(t, "UpdateProfile with another login's address", err, account.ErrEmailTaken)
		_, err = f.Directory.UpdateProfile(ctx, "00000000-0000-4000-8000-"+randomHex(6), identity.ProfileUpdate{Email: emailOf(newLogin())})
		wantFailure(t, "UpdateProfile of a missing user", err, account.ErrUserNotFound)
	})

	parallel(t, "ChangeStatus changes only the status it expects", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, _ := newUser(t, f, func(u *account.User) { u.Status = account.New })
		at := time.Date(2025, 6, 7, 8, 9, 10, 0, time.UTC)
		if _, err := f.Directory.ChangeStatus(ctx, u.ID, account.New, account.Inactive, "admin", at); err != nil {
			t.Fatalf("ChangeStatus: %v", err)
		}
		_, err := f.Directory.ChangeStatus(ctx, u.ID, account.New, account.Active, u.Login, at.Add(time.Hour))
		if !errors.Is(err, identity.ErrStatusChanged) {
			t.Fatalf("ChangeStatus from a status the user no longer has = %v, want ErrStatusChanged", err)
		}
		got := get(t, f, u.ID)
		if got.Status != account.Inactive || got.ModifiedBy != "admin" || !got.ModifiedAt.Equal(at) {
			t.Errorf("Get = %+v, want INACTIVE as the admin left it", got)
		}
		if slices.Equal(got.Roles, u.Roles) == false {
			t.Errorf("roles %v changed to %v", u.Roles, got.Roles)
		}
	})

	parallel(t, "SetPassword takes 4 characters and keeps the sessions", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, old := newUser(t, f, nil)
		session := signIn(t, f, u.Login, old)
		if err := f.Directory.SetPassword(ctx, u.ID, "abcd"); err != nil {
			t.Fatalf("SetPassword: %v", err)
		}
		signIn(t, f, u.Login, "abcd")
		_, err := f.Sessions.SignIn(ctx, u.Login, old)
		wantFailure(t, "SignIn with the old password", err, account.ErrBadCredentials)
		if s := resolve(t, f, session.Token); s.IdentityID != u.ID {
			t.Errorf("the session from before names %q", s.IdentityID)
		}
	})

	parallel(t, "RevokeSessions ends every session of the user and no other", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, password := newUser(t, f, nil)
		bystander, bystanderPassword := newUser(t, f, nil)
		first, second := signIn(t, f, u.Login, password), signIn(t, f, u.Email, password)
		kept := signIn(t, f, bystander.Login, bystanderPassword)
		if err := f.Directory.RevokeSessions(ctx, u.ID); err != nil {
			t.Fatalf("RevokeSessions: %v", err)
		}
		for _, s := range []string{first.Token, second.Token} {
			_, err := f.Sessions.Resolve(ctx, s)
			wantFailure(t, "Resolve after RevokeSessions", err, account.ErrBadCredentials)
		}
		resolve(t, f, kept.Token)
		if err := f.Directory.RevokeSessions(ctx, u.ID); err != nil {
			t.Errorf("RevokeSessions without sessions: %v", err)
		}
	})

	parallel(t, "Delete removes the user and its sessions and twice is ErrUserNotFound", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, password := newUser(t, f, nil)
		token := signIn(t, f, u.Login, password).Token
		if err := f.Directory.Delete(ctx, u.ID); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		_, err := f.Directory.Get(ctx, u.ID)
		wantFailure(t, "Get after Delete", err, account.ErrUserNotFound)
		_, err = f.Sessions.Resolve(ctx, token)
		wantFailure(t, "Resolve after Delete", err, account.ErrBadCredentials)
		_, err = f.Sessions.SignIn(ctx, u.Login, password)
		wantFailure(t, "SignIn after Delete", err, account.ErrBadCredentials)
		wantFailure(t, "second Delete", f.Directory.Delete(ctx, u.ID), account.ErrUserNotFound)
	})
}

// sameUser compares what a user's profile says with what it should.
func sameUser(t *testing.T, what string, got account.User, login, email, first, last, lang string, status account.Status, roles []access.Role) {
	t.Helper()
	if got.Login != login || got.Email != email || got.FirstName != first || got.LastName != last ||
		got.LangKey != lang || got.Status != status || !slices.Equal(got.Roles, roles) {
		t.Errorf("%s = %+v, want login %q, email %q, name %q %q, language %q, status %s, roles %v",
			what, got, login, email, first, last, lang, status, roles)
	}
}
