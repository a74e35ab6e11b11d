package kratos

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Ids of the messages Kratos puts on a flow it refuses (text/id.go in Kratos).
const (
	msgInvalidCredentials = 4000006
	msgWrongTOTPCode      = 4000008
)

// Ids of Kratos' errors that the adapter answers differently.
const (
	errSessionAlreadyAvailable = "session_already_available"
	errSessionRefreshRequired  = "session_refresh_required"
)

// answer is what Kratos said to a call that failed: the HTTP status (0 when
// no answer came), the error id, the ids of the messages on a refused flow
// and its fields, and the error itself with Kratos' body for logs.
type answer struct {
	status   int
	errorID  string
	messages []int64
	err      error
}

// answerOf reads a failed call of the generated client. A call that got no
// answer (Kratos down, hanging past the timeout, unreachable) is the
// failure account.ErrIdentityUnavailable, which callers wrap and the API
// answers as 503 with its message key.
func answerOf(rsp *http.Response, err error) answer {
	a := answer{err: describe(err)}
	if rsp != nil {
		a.status = rsp.StatusCode
	} else if !errors.Is(err, context.Canceled) {
		a.err = &failure.Error{Kind: failure.Unavailable, Key: account.KeyIdentityUnavailable, Cause: err}
	}
	var apiErr *ory.GenericOpenAPIError
	if !errors.As(err, &apiErr) {
		return a
	}
	var body struct {
		Error struct {
			ID string `json:"id"`
		} `json:"error"`
		UI struct {
			Messages []struct {
				ID int64 `json:"id"`
			} `json:"messages"`
			Nodes []struct {
				Messages []struct {
					ID int64 `json:"id"`
				} `json:"messages"`
			} `json:"nodes"`
		} `json:"ui"`
	}
	if json.Unmarshal(apiErr.Body(), &body) != nil {
		return a
	}
	a.errorID = body.Error.ID
	for _, m := range body.UI.Messages {
		a.messages = append(a.messages, m.ID)
	}
	for _, n := range body.UI.Nodes {
		for _, m := range n.Messages {
			a.messages = append(a.messages, m.ID)
		}
	}
	return a
}

// codeSent checks Kratos' answer to sending the code of a verification or
// recovery flow: the flow must have mailed it.
func codeSent(flow string, state any, rsp *http.Response, err error) error {
	if err != nil {
		return fmt.Errorf("kratos: send %s code: %w", flow, answerOf(rsp, err).err)
	}
	if s := fmt.Sprint(state); s != stateSentEmail {
		return fmt.Errorf("kratos: %s flow is %q after sending the code", flow, s)
	}
	return nil
}

// says reports whether Kratos put the message on the refused flow.
func (a answer) says(message int64) bool { return slices.Contains(a.messages, message) }

// refused: Kratos answered and turned the request down (4xx), as opposed
// to failing or not answering.
func (a answer) refused() bool { return a.status >= 400 && a.status < 500 }

// as returns the portal's failure with Kratos' answer kept for logs.
func (a answer) as(failure error) error { return fmt.Errorf("%w (kratos: %w)", failure, a.err) }

// describe adds Kratos' answer to an API error: the generated client's
// message alone says only the HTTP status.
func describe(err error) error {
	var apiErr *ory.GenericOpenAPIError
	if errors.As(err, &apiErr) {
		return fmt.Errorf("%w: %s", err, apiErr.Body())
	}
	return err
}
