import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type {
  ConfirmNewsletterSubscriptionRequest,
  SubscribeNewsletterRequest,
} from "../../gen/portal/v1/inquiries_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp } from "../../test/renderApp";

// Double opt-in (issue 22): the form asks for a link to the address, in the
// user's language, and says so; the link's page confirms.
describe("/newsletter-subscribe and /newsletter/confirm", () => {
  it("sends the language and tells the user to check the mailbox, never that the address is subscribed", async () => {
    const user = userEvent.setup();
    const subscribeNewsletter = vi.fn((request: SubscribeNewsletterRequest) => {
      void request;
      return {};
    });
    renderApp("/newsletter-subscribe", {
      signedInAs: { authorities: [Role.admin] },
      inquiries: { subscribeNewsletter },
    });
    await user.type(await screen.findByLabelText("Company"), "Bakery");
    await user.type(screen.getByLabelText("E-mail"), "reader@example.org");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(/Please check your mailbox/)).toBeInTheDocument();
    expect(screen.queryByText(/you are subscribed/)).not.toBeInTheDocument();
    expect(subscribeNewsletter.mock.calls[0][0]).toMatchObject({
      email: "reader@example.org",
      company: "Bakery",
      language: "en",
    });
  });

  it("confirms with the link's token, anonymously", async () => {
    const confirmNewsletterSubscription = vi.fn((request: ConfirmNewsletterSubscriptionRequest) => {
      void request;
      return {};
    });
    renderApp("/newsletter/confirm?token=abc_123", { inquiries: { confirmNewsletterSubscription } });
    expect(await screen.findByText("Thank you: your address is subscribed to the newsletter.")).toBeInTheDocument();
    expect(confirmNewsletterSubscription.mock.calls[0][0].token).toBe("abc_123");
  });

  it("says when the link is not valid", async () => {
    renderApp("/newsletter/confirm?token=used", {
      inquiries: {
        confirmNewsletterSubscription: () => {
          throw portalFailure(Code.NotFound, "error.newsletter.invalidLink");
        },
      },
    });
    expect(await screen.findByText(/This link is not valid or has expired/)).toBeInTheDocument();
  });
});
