// Command openapi finishes the OpenAPI document that protoc-gen-connect-openapi
// generates from proto/ (dev/generate.sh runs it right after buf generate) with
// what the generator cannot say from the protos:
//
//   - one name per path parameter: google.api.http names a parameter by its field
//     path ({news.id}, {parcel_id}), so that two methods on one path may name it
//     differently and a dotted name is no valid OpenAPI template; the paths of
//     one template share the first method's names and a dotted name keeps its
//     last part;
//   - who may call: every call needs the session's bearer (the base document's
//     security), except the public procedures of adapters/rpc/policies.go, read
//     from that file, and the link downloads, which also take a download token;
//   - the problem documents a call can answer, the X-Total-Count header of the
//     paged lists (those whose comment in the protos names it), and the media
//     types of downloads and raw uploads (google.api.HttpBody), which the
//     handlers choose at run time;
//   - only the schemas the operations reach: the generator also writes the
//     request messages whose fields the REST facade spreads over path, query
//     and body, which nothing refers to;
//   - null where the REST facade writes null: an unset message or timestamp
//     field (protojson's EmitUnpopulated), as the specification's Spring API
//     writes null for an absent object.
//
// The contract test in cmd/portal (openapi_contract_test.go) holds the
// document to the facade's answers; dev/lint-openapi.sh to Redocly's and
// Spectral's rules.
//
//	go run ./dev/openapi adapters/rpc/openapi/portal.openapi.yaml adapters/rpc/policies.go
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// downloads are the media types each download answers (the handlers'
// httpbody.HttpBody content types, app/*/files.go and friends). Labels are a
// PDF or ZPL text for a printer.
var downloads = map[string][]string{
	"DownloadAcss":                      {"text/csv"},
	"ExportAddressBook":                 {"text/csv"},
	"GetAddressBookTemplate":            {"text/csv"},
	"DownloadBatchCommercialInvoice":    {"application/pdf"},
	"DownloadBatchCsv":                  {"text/csv", xlsx},
	"DownloadBatchTemplate":             {xlsx},
	"DownloadBatchCustomsDocs":          {"application/pdf"},
	"DownloadBatchLabels":               {"application/pdf", "text/plain"},
	"DownloadBatchManifest":             {"application/pdf"},
	"DownloadBatchTraffic":              {"text/xml"},
	"ExportTrackingCsv":                 {"text/csv"},
	"ExportTrackingExcel":               {xlsx},
	"DownloadCarriersCsv":               {"text/csv"},
	"BulkDownloadCustomsDocuments":      {"application/zip"},
	"DownloadCustomsDocument":           {"application/pdf"},
	"GetGtcDocument":                    {"application/pdf"},
	"GetMonthlyInvoiceReport":           {"text/csv"},
	"GetYearlyInvoiceReport":            {"text/csv"},
	"GetMfaRegistrationCode":            {"image/png"},
	"GetParcelInquiryPdf":               {"application/pdf"},
	"DownloadParcelCustomsDeclarations": {"application/pdf"},
	"DownloadParcelLabel":               {"application/pdf", "text/plain"},
	"ExportReportExcel":                 {xlsx},
	"CreateCommercialInvoice":           {"application/pdf"},
	"DownloadReportInvoiceByIds":        {"application/pdf"},
	"DownloadReportInvoices":            {"application/pdf"},
	"DownloadReportLabels":              {"application/pdf", "text/plain"},
	"DownloadReportLabelsByIds":         {"application/pdf", "text/plain"},
	"DownloadReportShipmentTraffic":     {"text/xml"},
	"DownloadShipmentLabel":             {"application/pdf", "text/plain"},
	// Documents the admins uploaded keep the type they were uploaded with.
	"DownloadCsvTemplateDoc":  {"*/*"},
	"DownloadProductCodesDoc": {"*/*"},
}

// uploads are the media types of the bodies that the REST facade takes as
// they come (a google.api.HttpBody field as the body).
var uploads = map[string]string{
	"RequestPasswordReset": "text/plain", // the e-mail address, as the spec's API takes it
	"ImportAddressBook":    "text/csv",
}

const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// throttled are the calls that count attempts or requests and refuse with
// 429 past their limit (failure.TooMany in app/identity and app/inquiries).
var throttled = []string{"Authenticate", "RequestPasswordReset", "VerifyMfaCode", "ChangePassword", "SaveAccount", "SubmitParcelInquiry"}

// signIns answer 401 for a wrong password although anybody may call them.
var signIns = []string{"Authenticate"}

func main() {
	if len(os.Args) != 3 {
		fail("usage: openapi <document.yaml> <policies.go>")
	}
	docPath, policiesPath := os.Args[1], os.Args[2]
	public, links, err := readPolicies(policiesPath)
	if err != nil {
		fail(err.Error())
	}
	raw, err := os.ReadFile(docPath)
	if err != nil {
		fail(err.Error())
	}
	var root yaml.Node
	if err := yaml.Unmarshal(raw, &root); err != nil {
		fail(err.Error())
	}
	doc := root.Content[0]
	if err := unifyPathParams(get(doc, "paths")); err != nil {
		fail(err.Error())
	}
	schemas := get(get(doc, "components"), "schemas")
	seen := map[string]bool{}
	forOperations(get(doc, "paths"), func(op *yaml.Node) {
		// The generator numbers the operations of additional bindings (UpdateNews2).
		id := strings.TrimRight(scalar(get(op, "operationId")), "0123456789")
		procedure := procedureOf(id)
		seen[procedure] = true
		name := id[strings.LastIndex(id, ".")+1:]
		finishOperation(op, name, public[procedure], links[procedure])
	})
	for p := range public {
		if !seen[p] {
			fail("policies.go names " + p + " public, but the document has no such operation")
		}
	}
	for name := range downloads {
		if !slices.ContainsFunc(keys(seen), func(p string) bool { return strings.HasSuffix(p, "/"+name) }) {
			fail("dev/openapi names a download " + name + " that the document lacks")
		}
	}
	allowNull(schemas)
	dropUnreferenced(doc, schemas)

	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		fail(err.Error())
	}
	if err := os.WriteFile(docPath, out.Bytes(), 0o644); err != nil {
		fail(err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "dev/openapi:", msg)
	os.Exit(1)
}

// readPolicies reads the procedures that the policy table names public (or
// anonymous: public, reading no caller) and
// the link downloads from adapters/rpc/policies.go, so that the document and
// the server read one table. Entries look like
// portalv1connect.AccountServiceAuthenticateProcedure: public.
func readPolicies(path string) (public, links map[string]bool, err error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		return nil, nil, err
	}
	public, links = map[string]bool{}, map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || len(spec.Values) != 1 {
			return true
		}
		lit, ok := spec.Values[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			sel, ok := kv.Key.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			procedure, ok := procedureOfConst(sel.Sel.Name)
			if !ok {
				continue
			}
			switch spec.Names[0].Name {
			case "policies":
				if v, ok := kv.Value.(*ast.Ident); ok && (v.Name == "public" || v.Name == "anonymous") {
					public[procedure] = true
				}
			case "linkDownloads":
				links[procedure] = true
			}
		}
		return true
	})
	if len(public) == 0 || len(links) == 0 {
		return nil, nil, fmt.Errorf("%s: found no public procedures or link downloads; has the table moved?", path)
	}
	return public, links, nil
}

var procedureConst = regexp.MustCompile(`^([A-Z][A-Za-z0-9]*Service)([A-Z][A-Za-z0-9]*)Procedure$`)

// procedureOfConst turns AccountServiceAuthenticateProcedure into
// /portal.v1.AccountService/Authenticate.
func procedureOfConst(name string) (string, bool) {
	m := procedureConst.FindStringSubmatch(name)
	if m == nil {
		return "", false
	}
	return "/portal.v1." + m[1] + "/" + m[2], true
}

// procedureOf turns the operation id portal.v1.AccountService.Authenticate
// into /portal.v1.AccountService/Authenticate.
func procedureOf(operationID string) string {
	i := strings.LastIndex(operationID, ".")
	return "/" + operationID[:i] + "/" + operationID[i+1:]
}

var templateParam = regexp.MustCompile(`\{([^}]+)\}`)

// unifyPathParams gives the methods of one path template one set of
// parameter names, and dotted names their last part.
func unifyPathParams(paths *yaml.Node) error {
	canonical := map[string][]string{} // template with {} → names
	owner := map[string]*yaml.Node{}   // template with {} → path item kept
	var kept []*yaml.Node
	for i := 0; i < len(paths.Content); i += 2 {
		key, item := paths.Content[i], paths.Content[i+1]
		names := paramNames(key.Value)
		shape := templateParam.ReplaceAllString(key.Value, "{}")
		want, known := canonical[shape]
		if !known {
			want = make([]string, len(names))
			for j, n := range names {
				want[j] = n[strings.LastIndex(n, ".")+1:]
			}
			canonical[shape] = want
		}
		renameParams(item, names, want)
		j := 0
		key.Value = templateParam.ReplaceAllStringFunc(key.Value, func(string) string { j++; return "{" + want[j-1] + "}" })
		if !known {
			owner[shape] = item
			kept = append(kept, key, item)
			continue
		}
		target := owner[shape]
		for k := 0; k < len(item.Content); k += 2 {
			if get(target, item.Content[k].Value) != nil {
				return fmt.Errorf("%s: two operations answer %s", key.Value, item.Content[k].Value)
			}
			target.Content = append(target.Content, item.Content[k], item.Content[k+1])
		}
	}
	paths.Content = kept
	return nil
}

func paramNames(path string) []string {
	var names []string
	for _, m := range templateParam.FindAllStringSubmatch(path, -1) {
		names = append(names, m[1])
	}
	return names
}

func renameParams(item *yaml.Node, from, to []string) {
	for k := 1; k < len(item.Content); k += 2 {
		params := get(item.Content[k], "parameters")
		if params == nil {
			continue
		}
		for _, p := range params.Content {
			if scalar(get(p, "in")) != "path" {
				continue
			}
			name := get(p, "name")
			if i := slices.Index(from, name.Value); i >= 0 {
				name.Value = to[i]
			}
		}
	}
}

var methods = []string{"get", "put", "post", "delete", "patch"}

func forOperations(paths *yaml.Node, f func(op *yaml.Node)) {
	for i := 1; i < len(paths.Content); i += 2 {
		item := paths.Content[i]
		for k := 0; k < len(item.Content); k += 2 {
			if slices.Contains(methods, item.Content[k].Value) {
				f(item.Content[k+1])
			}
		}
	}
}

func finishOperation(op *yaml.Node, name string, public, link bool) {
	switch {
	case public:
		// Anybody may call; a session's bearer is welcome (some answers say more to admins).
		set(op, "security", parse("[{}, {session: []}]"))
	case link:
		set(op, "security", parse("[{session: []}, {downloadToken: []}]"))
	}
	responses := get(op, "responses")
	ok := get(responses, "200")
	if types, isDownload := downloads[name]; isDownload {
		content := &yaml.Node{Kind: yaml.MappingNode}
		for _, t := range types {
			content.Content = append(content.Content, str(t), parse("{schema: {type: string, format: binary}}"))
		}
		set(ok, "content", content)
		set(ok, "headers", parse(`{Content-Disposition: {description: "attachment (or inline) with the file's name", schema: {type: string}}}`))
	}
	if t, isUpload := uploads[name]; isUpload {
		body := get(op, "requestBody")
		set(body, "content", parse("{"+t+": {schema: {type: string}}}"))
		set(body, "required", parse("true"))
	}
	// The protos say of a paged list that "the total comes in X-Total-Count".
	if strings.Contains(scalar(get(op, "description")), "X-Total-Count") {
		set(ok, "headers", parse("{X-Total-Count: {$ref: '#/components/headers/X-Total-Count'}}"))
	}
	add := func(code, response string) {
		set(responses, code, parse("{$ref: '#/components/responses/"+response+"'}"))
	}
	add("400", "BadRequest")
	if !public || slices.Contains(signIns, name) {
		add("401", "Unauthorized")
	}
	if !public {
		add("403", "Forbidden")
	}
	add("404", "NotFound")
	if get(op, "requestBody") != nil {
		add("413", "PayloadTooLarge")
	}
	if slices.Contains(throttled, name) {
		add("429", "TooManyRequests")
	}
	add("default", "ServerError")
}

// allowNull lets every message field be null, as protojson writes an unset
// message (Timestamp and the other well-known messages included) with
// EmitUnpopulated; enums are never null. (The generator already gives
// proto3 optional scalars the type null.)
func allowNull(schemas *yaml.Node) {
	isEnum := func(ref string) bool {
		target := get(schemas, strings.TrimPrefix(ref, "#/components/schemas/"))
		return target != nil && get(target, "enum") != nil
	}
	var walk func(s *yaml.Node)
	walk = func(s *yaml.Node) {
		if s == nil || s.Kind != yaml.MappingNode {
			return
		}
		if props := get(s, "properties"); props != nil {
			for i := 1; i < len(props.Content); i += 2 {
				p := props.Content[i]
				ref := get(p, "$ref")
				if ref == nil || isEnum(ref.Value) {
					continue
				}
				// {title, description, $ref} → {title, description, anyOf: [{$ref}, {type: null}]}
				for k := 0; k < len(p.Content); k += 2 {
					if p.Content[k].Value == "$ref" {
						p.Content[k] = str("anyOf")
						p.Content[k+1] = parse("[{$ref: '" + ref.Value + "'}, {type: 'null'}]")
					}
				}
			}
		}
		for _, combined := range []string{"allOf", "anyOf", "oneOf"} {
			if list := get(s, combined); list != nil {
				for _, sub := range list.Content {
					walk(sub)
				}
			}
		}
	}
	for i := 1; i < len(schemas.Content); i += 2 {
		walk(schemas.Content[i])
	}
}

// dropUnreferenced removes the schemas that neither an operation nor a
// schema an operation reaches refers to.
func dropUnreferenced(doc, schemas *yaml.Node) {
	reached := map[string]bool{}
	var queue []string
	var refs func(n *yaml.Node)
	refs = func(n *yaml.Node) {
		if n == schemas {
			return
		}
		for i, c := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 1 && n.Content[i-1].Value == "$ref" {
				if name, ok := strings.CutPrefix(c.Value, "#/components/schemas/"); ok && !reached[name] {
					reached[name] = true
					queue = append(queue, name)
				}
			}
			refs(c)
		}
	}
	refs(doc)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if s := get(schemas, name); s != nil {
			refs(s)
		}
	}
	var kept []*yaml.Node
	for i := 0; i < len(schemas.Content); i += 2 {
		if reached[schemas.Content[i].Value] {
			kept = append(kept, schemas.Content[i], schemas.Content[i+1])
		}
	}
	schemas.Content = kept
}

func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func set(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, str(key), v)
}

func scalar(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	return n.Value
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func parse(flow string) *yaml.Node {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(flow), &n); err != nil {
		panic(flow + ": " + err.Error())
	}
	clearStyle(n.Content[0])
	return n.Content[0]
}

// clearStyle writes parsed flow snippets in the document's block style.
func clearStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		clearStyle(c)
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
