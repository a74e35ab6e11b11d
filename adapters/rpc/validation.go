package rpc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// The field rules of the spec (required ids, page sizes, lengths, fixed
// values) sit on the request messages as protovalidate annotations; this
// interceptor enforces them for every RPC, over Connect, gRPC and the REST
// facade alike. It runs after the auth interceptor, so an anonymous or
// forbidden caller learns nothing about the rules of a route it may not use.
//
// connectrpc.com/validate would answer a buf.validate.Violations detail and
// protovalidate's English text; the webapp and the REST problem document read
// our ErrorDetail with rule keys, so violations are mapped here to the same
// shape the core's field rules answer: message key "error.validation" and one
// FieldError per field, the rule as "required", "Size", "pattern" or "email".
// Beside it goes the standard google.rpc.BadRequest that gRPC clients read,
// one field violation per broken rule with protovalidate's text, which states
// the limit; the status message carries the same texts after the key.
//
// Business rules (a customer's contract, customs, consent, states) and the
// field rules that the core checks itself (registration, passwords, CSV
// rows, documents, tenants, customers) stay in core: no rule is checked in
// both places.

// Rule keys of field errors, as the core's field rules name them and the
// webapp translates them (error.{rule}).
const (
	ruleRequired = "required"
	ruleSize     = "Size"
	rulePattern  = "pattern"
	ruleEmail    = "email"
)

// validationKey is the message key of an answer with field errors.
const validationKey = "error.validation"

// validation is the interceptor that validates requests.
type validation struct {
	validator protovalidate.Validator
}

func newValidation() (*validation, error) {
	v, err := protovalidate.New()
	if err != nil {
		return nil, fmt.Errorf("protovalidate: %w", err)
	}
	return &validation{validator: v}, nil
}

func (v *validation) interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if m, ok := req.Any().(proto.Message); ok {
				if err := v.check(m); err != nil {
					return nil, err
				}
			}
			return next(ctx, req)
		}
	}
}

// check answers nil for a valid request, an InvalidArgument error with the
// field errors for an invalid one.
func (v *validation) check(m proto.Message) error {
	err := v.validator.Validate(m)
	if err == nil {
		return nil
	}
	var invalid *protovalidate.ValidationError
	if !errors.As(err, &invalid) {
		// A rule that does not compile or evaluate is our fault, not the caller's.
		return err
	}
	return violationError(m.ProtoReflect().Descriptor(), invalid.Violations)
}

// violationError is the answer to a request that breaks field rules: one
// field error per field, its first broken rule, as the core reports them.
func violationError(md protoreflect.MessageDescriptor, violations []*protovalidate.Violation) *connect.Error {
	detail := &portalv1.ErrorDetail{MessageKey: validationKey}
	object := objectName(md)
	seen := map[string]bool{}
	var standard []*errdetails.BadRequest_FieldViolation
	var texts []string
	for _, violation := range violations {
		field := fieldPath(md, violation)
		// protovalidate's text states the limit: "value length must be at most 2000 characters".
		text := violation.Proto.GetMessage()
		standard = append(standard, &errdetails.BadRequest_FieldViolation{
			Field: field, Description: text, Reason: reasonOf(violation.Proto.GetRuleId()),
		})
		texts = append(texts, field+": "+text)
		if seen[field] {
			continue
		}
		seen[field] = true
		detail.FieldErrors = append(detail.FieldErrors, &portalv1.FieldError{
			ObjectName: object, Field: field, Message: ruleKey(violation.Proto.GetRuleId()),
		})
	}
	// The message key first, as before, then every violation with its limit
	// for clients that show only the status message.
	err := connect.NewError(connect.CodeInvalidArgument, errors.New(validationKey+": "+strings.Join(texts, "; ")))
	return withBadRequest(withDetail(err, detail), standard)
}

// coreObjects are the requests whose field rules the proto states as well
// as the core: their field errors keep the object name the core answered
// with before (the REST problem document's objectName).
var coreObjects = map[protoreflect.Name]string{
	"RegisterRequest":            "registration",
	"FinishPasswordResetRequest": "resetPassword",
}

// objectName names the request in field errors: ListUsersRequest is
// "listUsers".
func objectName(md protoreflect.MessageDescriptor) string {
	if name, ok := coreObjects[md.Name()]; ok {
		return name
	}
	name := strings.TrimSuffix(string(md.Name()), "Request")
	if name == "" {
		return string(md.Name())
	}
	r := []rune(name)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// fieldPath is the violated field as the request's JSON names it, the way
// the webapp's forms and the core's field errors name fields: "id",
// "autoManifestDayTime.time", "manifestEmails[0]".
func fieldPath(md protoreflect.MessageDescriptor, violation *protovalidate.Violation) string {
	var b strings.Builder
	for _, element := range violation.Proto.GetField().GetElements() {
		var fd protoreflect.FieldDescriptor
		if md != nil {
			fd = md.Fields().ByNumber(protoreflect.FieldNumber(element.GetFieldNumber()))
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		if fd != nil {
			b.WriteString(fd.JSONName())
		} else {
			b.WriteString(element.GetFieldName())
		}
		switch sub := element.GetSubscript().(type) {
		case *validate.FieldPathElement_Index:
			fmt.Fprintf(&b, "[%d]", sub.Index)
		case *validate.FieldPathElement_StringKey:
			fmt.Fprintf(&b, "[%s]", sub.StringKey)
		case *validate.FieldPathElement_IntKey:
			fmt.Fprintf(&b, "[%d]", sub.IntKey)
		case *validate.FieldPathElement_UintKey:
			fmt.Fprintf(&b, "[%d]", sub.UintKey)
		case *validate.FieldPathElement_BoolKey:
			fmt.Fprintf(&b, "[%t]", sub.BoolKey)
		}
		md = nil
		if fd != nil {
			switch {
			case fd.IsMap():
				md = fd.MapValue().Message()
			default:
				md = fd.Message()
			}
		}
	}
	return b.String()
}

// ruleKey maps a protovalidate rule id ("required", "int32.gte_lte",
// "string.max_len", "string.in", ...) to the rule key the webapp translates.
// Limits of numbers, lengths and counts are "Size" (spec 1 section 5: Min and
// Max are shown as Size); fixed sets and patterns are "pattern". A test
// holds every annotated rule to a known key; anything else would read
// "pattern".
func ruleKey(ruleID string) string {
	key, _ := ruleKeyOf(ruleID)
	return key
}

func ruleKeyOf(ruleID string) (key string, known bool) {
	if ruleID == "required" {
		return ruleRequired, true
	}
	kind := ruleID[strings.LastIndexByte(ruleID, '.')+1:]
	switch {
	case kind == "email":
		return ruleEmail, true
	case kind == "pattern", kind == "in", kind == "not_in", kind == "const", kind == "defined_only":
		return rulePattern, true
	case strings.HasPrefix(kind, "gt"), strings.HasPrefix(kind, "lt"),
		kind == "len", strings.HasSuffix(kind, "_len"), strings.HasSuffix(kind, "_bytes"),
		strings.HasSuffix(kind, "_items"), strings.HasSuffix(kind, "_pairs"):
		return ruleSize, true
	}
	return rulePattern, false
}
