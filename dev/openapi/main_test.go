package main

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func node(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatal(err)
	}
	return n.Content[0]
}

// text writes the node in block style, as the document is written.
func text(t *testing.T, n *yaml.Node) string {
	t.Helper()
	clearStyle(n)
	b, err := yaml.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Two methods on one template share the first one's parameter names, and
// a dotted name keeps its last part.
func TestUnifyPathParams(t *testing.T) {
	paths := node(t, `
/news/{id}:
  get: {parameters: [{name: id, in: path}]}
/news/{news.id}:
  put: {parameters: [{name: news.id, in: path}, {name: q, in: query}]}
/parcels/{parcel_id}/label:
  get: {parameters: [{name: parcel_id, in: path}]}
/parcels/{id}/label:
  post: {parameters: [{name: id, in: path}]}
/routes/{route.country}:
  put: {parameters: [{name: route.country, in: path}]}
`)
	if err := unifyPathParams(paths); err != nil {
		t.Fatal(err)
	}
	got := text(t, paths)
	for _, want := range []string{"/news/{id}:", "/parcels/{parcel_id}/label:", "/routes/{country}:", "name: country"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, gone := range []string{"news.id", "/parcels/{id}/label", "route.country"} {
		if strings.Contains(got, gone) {
			t.Errorf("%q left in\n%s", gone, got)
		}
	}
	if item := get(paths, "/news/{id}"); get(item, "get") == nil || get(item, "put") == nil || len(paths.Content) != 6 {
		t.Errorf("the methods of one template are not one path item:\n%s", got)
	}

	clash := node(t, `
/a/{id}: {get: {}}
/a/{x.id}: {get: {}}
`)
	if err := unifyPathParams(clash); err == nil {
		t.Error("two GETs on one template pass")
	}
}

// The public procedures and link downloads come from the server's table.
func TestReadPolicies(t *testing.T) {
	public, links, err := readPolicies("../../adapters/rpc/policies.go")
	if err != nil {
		t.Fatal(err)
	}
	if !public["/portal.v1.AccountService/Authenticate"] || public["/portal.v1.UserService/ListUsers"] ||
		!links["/portal.v1.BatchService/DownloadBatchLabels"] || links["/portal.v1.BatchService/GetBatch"] {
		t.Fatalf("public %v, links %v", public, links)
	}
}

func TestFinishOperation(t *testing.T) {
	public := node(t, `{operationId: portal.v1.AccountService.Authenticate, requestBody: {}, responses: {"200": {}}}`)
	finishOperation(public, "Authenticate", true, false)
	got := text(t, public)
	for _, want := range []string{"- {}", "session: []", `"401"`, `"413"`, `"429"`, "default:"} {
		if !strings.Contains(got, want) {
			t.Errorf("public sign-in lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"403"`) {
		t.Errorf("a public call answers 403:\n%s", got)
	}

	labels := node(t, `{operationId: portal.v1.BatchService.DownloadBatchLabels, description: x, responses: {"200": {content: {application/json: {}}}}}`)
	finishOperation(labels, "DownloadBatchLabels", false, true)
	got = text(t, labels)
	for _, want := range []string{"application/pdf", "text/plain", "downloadToken", `"401"`, `"403"`, "Content-Disposition"} {
		if !strings.Contains(got, want) {
			t.Errorf("labels lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "application/json") || strings.Contains(got, `"413"`) || strings.Contains(got, "X-Total-Count") {
		t.Errorf("labels:\n%s", got)
	}

	list := node(t, `{operationId: portal.v1.NewsService.ListNews, description: "the total comes in X-Total-Count.", responses: {"200": {}}}`)
	finishOperation(list, "ListNews", false, false)
	if !strings.Contains(text(t, list), "#/components/headers/X-Total-Count") {
		t.Errorf("paged list without its header:\n%s", text(t, list))
	}
}

// Message fields may be null, enums not.
func TestAllowNull(t *testing.T) {
	schemas := node(t, `
Kind: {type: string, enum: [A, B]}
Ref: {type: object}
Thing:
  properties:
    kind: {$ref: '#/components/schemas/Kind'}
    ref: {title: ref, $ref: '#/components/schemas/Ref'}
    name: {type: string}
`)
	allowNull(schemas)
	thing := get(get(schemas, "Thing"), "properties")
	if get(get(thing, "kind"), "$ref") == nil || get(get(thing, "name"), "anyOf") != nil {
		t.Errorf("enum or scalar made nullable:\n%s", text(t, thing))
	}
	if any := get(get(thing, "ref"), "anyOf"); any == nil || !strings.Contains(text(t, any), "type: \"null\"") || get(get(thing, "ref"), "title") == nil {
		t.Errorf("message field not nullable:\n%s", text(t, thing))
	}
}
