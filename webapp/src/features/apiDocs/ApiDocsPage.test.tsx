import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdminApp } from "../../test/renderAdminApp";

const document = `
openapi: 3.1.0
info: { title: Parcel portal API, version: v1 }
security: [{ session: [] }]
paths:
  /web/api/users/{login}:
    get:
      tags: [portal.v1.UserService]
      summary: GetUser
      parameters:
        - { name: login, in: path, required: true, schema: { type: string } }
        - { name: detail, in: query, schema: { type: string } }
      responses:
        "200":
          description: Success
          content:
            application/json:
              schema: { $ref: '#/components/schemas/portal.v1.User' }
        "404": { $ref: '#/components/responses/NotFound' }
components:
  responses:
    NotFound:
      description: Nothing with that id, or nothing the caller may see.
  schemas:
    portal.v1.User:
      type: object
      properties:
        login: { type: string, description: The sign-in name. }
        status: { type: string, enum: [ACTIVATED, DEACTIVATED] }
`;

describe("ApiDocsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows an operation's answers and fields, and sends it with the session, showing the answer", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith("/api-docs/"))
          return new Response(document, { headers: { "Content-Type": "application/yaml" } });
        calls.push({ url, init });
        return new Response(JSON.stringify({ login: "anna", status: "ACTIVATED" }), {
          headers: { "Content-Type": "application/json", "X-Total-Count": "1" },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdminApp("/admin/docs");
    await user.click(await screen.findByText("/web/api/users/{login}", {}));
    expect(screen.getByText(/Nothing with that id/)).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "status" })).toBeInTheDocument();
    expect(screen.getByText("ACTIVATED, DEACTIVATED")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Try GET /web/api/users/{login}" });
    await user.type(within(form).getByLabelText(/login/), "anna maria");
    await user.type(within(form).getByLabelText(/detail/), "full");
    await user.click(within(form).getByRole("button", { name: "Send" }));
    const answer = await screen.findByRole("region", { name: "Answer" });
    expect(answer).toHaveTextContent('"login": "anna"');
    const shown = within(answer.closest<HTMLElement>(".api-answer")!);
    expect(shown.getByText(/^200/)).toBeInTheDocument();
    expect(shown.getByText(/X-Total-Count: 1/)).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe("/web/api/users/anna%20maria?detail=full");
    expect(calls[0].init?.method).toBe("GET");
    expect((calls[0].init?.headers as Record<string, string>).Authorization).toBe("Bearer test-token");
  });
});
