import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { GearIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { Fragment } from "react";
import { useApplicationProfile } from "../api/management";
import { isAdmin, isSuperAdmin } from "../auth/access";
import { useSession } from "../auth/session";
import { pageTitles as titles } from "../navigation/pageTitles";
import { MenuLink } from "./MenuLink";
import { NavLabel } from "./NavLabel";

type Entry = { to: string; title: MessageDescriptor; hiddenForSuperAdmin?: boolean };

/** The business entries, in the order of spec 1 §2; the super admin does not see the marked ones. */
const businessEntries: Entry[] = [
  { to: "/admin/user-management", title: titles.userManagement },
  { to: "/customer", title: titles.customer, hiddenForSuperAdmin: true },
  { to: "/fulfillment", title: titles.fulfillment, hiddenForSuperAdmin: true },
  { to: "/acss", title: titles.acss, hiddenForSuperAdmin: true },
  { to: "/routing-options", title: titles.routingOptions, hiddenForSuperAdmin: true },
  { to: "/invoice-report", title: titles.invoiceReport, hiddenForSuperAdmin: true },
  { to: "/tenant", title: titles.tenant },
  { to: "/product-codes-doc", title: titles.productCodesDoc, hiddenForSuperAdmin: true },
  { to: "/csv-template-doc", title: titles.csvTemplateDoc, hiddenForSuperAdmin: true },
  { to: "/news", title: titles.news, hiddenForSuperAdmin: true },
  // Per tenant, like the tenants the super admin maintains.
  { to: "/admin/legal-pages", title: titles.legalPages },
];

const operationsEntries: Entry[] = [
  { to: "/admin/metrics", title: titles.metrics },
  { to: "/admin/health", title: titles.health },
  { to: "/admin/configuration", title: titles.configuration },
  { to: "/admin/audits", title: titles.audits },
  { to: "/admin/logs", title: titles.logs },
];

/**
 * The administration menu (spec 1 §2), for ADMIN and SUPERADMIN: the business
 * entities, then the portal's own health and settings, the API docs when
 * switched on, and the database console outside production.
 */
export function AdminMenu() {
  const { i18n } = useLingui();
  const session = useSession();
  const { data: profile } = useApplicationProfile();
  if (!session || !isAdmin(session)) return null;
  const superAdmin = isSuperAdmin(session);
  const entries = [
    ...businessEntries.filter((entry) => !(superAdmin && entry.hiddenForSuperAdmin)),
    ...operationsEntries,
    ...(profile?.isSwaggerEnabled ? [{ to: "/admin/docs", title: titles.apiDocs }] : []),
    ...(profile && !profile.inProduction ? [{ to: "/admin/database", title: titles.databaseConsole }] : []),
  ];
  const split = businessEntries.filter((entry) => !(superAdmin && entry.hiddenForSuperAdmin)).length;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" highContrast>
          <GearIcon />
          <NavLabel wide>
            <Trans>Administration</Trans>
          </NavLabel>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {entries.map((entry, index) => (
          <Fragment key={entry.to}>
            {index === split && <DropdownMenu.Separator />}
            <MenuLink to={entry.to}>{i18n._(entry.title)}</MenuLink>
          </Fragment>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
