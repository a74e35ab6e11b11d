package management

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/secretmask"
)

// Configuration is what the portal runs with: its settings, the process
// environment, and the secrets among them.
type Configuration interface {
	// Settings are the effective configuration, by source.
	Settings() []Property
	// Environment is the process environment.
	Environment() []Property
	// Secrets are the secret values the configuration holds, hidden
	// wherever they appear, whatever their setting is called.
	Secrets() []string
}

// Property is one setting.
type Property struct {
	Source, Key, Value string
	Masked             bool
}

// GetConfigProps returns the effective configuration to an admin, every
// secret masked.
func (q Queries) GetConfigProps(_ context.Context, caller *access.Caller) ([]Property, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return masked(q.Configuration.Settings(), q.Configuration.Secrets()), nil
}

// GetEnv returns the process environment to an admin, every secret masked.
func (q Queries) GetEnv(_ context.Context, caller *access.Caller) ([]Property, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return masked(q.Configuration.Environment(), q.Configuration.Secrets()), nil
}

func masked(props []Property, secrets []string) []Property {
	out := make([]Property, len(props))
	for i, p := range props {
		p.Value, p.Masked = secretmask.Value(p.Key, p.Value, secrets...)
		out[i] = p
	}
	return out
}
