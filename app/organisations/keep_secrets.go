package organisations

import "parcelportal/core/organisation"

// KeepSecrets fills the secrets of a submitted login from the stored one
// when they come empty; without a username nothing is kept.
func KeepSecrets(submitted, stored organisation.Credentials) organisation.Credentials {
	if submitted.Username == "" {
		return organisation.Credentials{}
	}
	if submitted.Password == "" {
		submitted.Password = stored.Password
	}
	if submitted.APIKey == "" {
		submitted.APIKey = stored.APIKey
	}
	return submitted
}
