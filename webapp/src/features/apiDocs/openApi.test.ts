import { describe, expect, it } from "vitest";
import { readOpenApi } from "./openApi";

const document = `
openapi: 3.1.0
info:
  title: Parcel portal API
  version: v1
  description: The API.
paths:
  /web/api/users/{login}:
    get:
      tags:
        - portal.v1.UserService
      summary: GetUser
      description: |-
        GetUser returns
         one login.
      parameters:
        - name: login
          in: path
          required: true
          schema:
            type: string
    delete:
      tags:
        - portal.v1.UserService
      summary: DeleteUser
  /web/api/authenticate:
    post:
      tags:
        - portal.v1.AccountService
      summary: Authenticate
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/portal.v1.AuthenticateRequest'
`;

describe("readOpenApi", () => {
  const api = readOpenApi(document);

  it("reads title, version and description", () => {
    expect(api).toMatchObject({ title: "Parcel portal API", version: "v1", description: "The API." });
  });

  it("groups the operations by service, with method, path and summary", () => {
    expect(api.groups.map((group) => group.name)).toEqual(["portal.v1.UserService", "portal.v1.AccountService"]);
    expect(api.groups[0].operations.map((op) => `${op.method} ${op.path} ${op.summary}`)).toEqual([
      "GET /web/api/users/{login} GetUser",
      "DELETE /web/api/users/{login} DeleteUser",
    ]);
  });

  it("lists parameters and names the request body", () => {
    const [getUser] = api.groups[0].operations;
    expect(getUser.parameters).toEqual([
      { name: "login", in: "path", required: true, type: "string", description: "" },
    ]);
    expect(getUser.description).toBe("GetUser returns\none login.");
    expect(api.groups[1].operations[0].requestBody).toBe("portal.v1.AuthenticateRequest");
  });

  it("survives a document without paths", () => {
    expect(readOpenApi("openapi: 3.1.0").groups).toEqual([]);
  });
});

describe("anonymous operations", () => {
  const secured = (security: string) => `
openapi: 3.1.0
security: [{ session: [] }]
${security}
paths:
  /web/api/authenticate:
    post: { tags: [portal.v1.AccountService], security: [] }
  /web/api/account:
    get: { tags: [portal.v1.AccountService] }
  /management/info:
    get: { tags: [portal.v1.AccountService], security: [{}, { session: [] }] }
`;

  it("are those with an empty security list in a document that declares how to sign in", () => {
    const api = readOpenApi(secured("components: { securitySchemes: { session: { type: http, scheme: bearer } } }"));
    expect(api.groups[0].operations.map((op) => `${op.path} ${op.anonymous}`)).toEqual([
      "/web/api/authenticate true",
      "/web/api/account false",
      "/management/info true",
    ]);
  });

  it("are none when the document declares no way to sign in", () => {
    expect(readOpenApi(secured("")).groups[0].operations.every((op) => !op.anonymous)).toBe(true);
  });
});
