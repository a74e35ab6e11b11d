import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useCustomer } from "../../api/customers";
import { parseId } from "../../api/ids";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { addressLine } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { dayNames } from "../../shipping/ScheduleEditor";
import { hasAnyRole, Role } from "../../auth/access";
import { useSession } from "../../auth/session";
import { NetworkPrintersSection } from "./NetworkPrintersSection";
import { apiClientName } from "../../shipping/apiClients";
import { labelTypeName } from "../../shipping/labelTypes";

/** /customer/{id}: the customer's main data, read-only; credentials are never shown here. */
export function CustomerDetailPage() {
  const { t, i18n } = useLingui();
  const id = parseId(useParams().id);
  const { data: customer } = useCustomer(id);
  const session = useSession();
  const staff = session !== null && hasAnyRole(session, [Role.admin, Role.superAdmin, Role.operations]);
  if (!customer) return <PageLoading />;
  const schedule = customer.autoManifestDayTime;
  const facts: [string, string][] = [
    [t`Name`, customer.name],
    [t`CRM ID`, customer.crmid],
    [t`Address`, addressLine(customer.address)],
    [t`Hub`, customer.hub?.name ?? ""],
    [t`Language`, customer.language],
    [t`Label type`, labelTypeName(i18n, customer.labelType)],
    [t`API client`, apiClientName(i18n, customer.apiClient)],
    [
      t`Available features`,
      customer.availableFeatures
        .map((f) => [f.product, f.service, ...f.options].filter(Boolean).join(" / "))
        .join("; "),
    ],
    [
      t`Automatic manifests`,
      schedule?.active
        ? `${schedule.days.map((day) => (day in dayNames ? i18n._(dayNames[day as keyof typeof dayNames]) : day)).join(", ")} ${schedule.time}`
        : t`Off`,
    ],
    [t`General terms and conditions accepted`, customer.gtcAccepted ? t`Yes` : t`No`],
  ];
  return (
    <FormPage title={customer.name}>
      <DetailView backTo="/customer" editTo={`/customer/${customer.id}/edit`}>
        <Facts>
          {facts.map(([label, value]) => (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ))}
        </Facts>
      </DetailView>
      <NetworkPrintersSection customerId={customer.id} staff={staff} />
    </FormPage>
  );
}
