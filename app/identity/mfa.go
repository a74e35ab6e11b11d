package identity

// MFAResult completes a sign-in that owed a second factor.
type MFAResult struct {
	Token      string
	RememberMe bool
}
