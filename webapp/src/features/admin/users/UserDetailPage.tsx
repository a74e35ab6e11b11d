import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Flex } from "@radix-ui/themes";
import { useParams } from "react-router";
import { useUser } from "../../../api/users";
import { roleLabel, statusLabel } from "../../../auth/roleLabels";
import { DetailView, Fact, Facts } from "../../../components/DetailView";
import { FormPage } from "../../../components/FormPage";
import type { User } from "../../../gen/portal/v1/users_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { PageLoading } from "../../../pages/PageLoading";
import { userPath } from "../../../navigation/userPath";

/** /admin/user-management/{login}: everything about one login. */
export function UserDetailPage() {
  const { t } = useLingui();
  const login = useParams().login ?? "";
  const user = useUser(login);
  return (
    <FormPage title={t`User ${login}`} size="3">
      {user.data ? <UserFacts user={user.data} /> : <PageLoading />}
    </FormPage>
  );
}

function UserFacts({ user }: { user: User }) {
  const { i18n } = useLingui();
  const translate = i18n._.bind(i18n);
  return (
    <DetailView backTo="/admin/user-management" editTo={`${userPath(user.login)}/edit`}>
      <Facts>
        <Fact label={<Trans>Login</Trans>}>{user.login}</Fact>
        <Fact label={<Trans>First name</Trans>}>{user.firstName}</Fact>
        <Fact label={<Trans>Last name</Trans>}>{user.lastName}</Fact>
        <Fact label={<Trans>E-mail</Trans>}>{user.email}</Fact>
        <Fact label={<Trans>Status</Trans>}>{statusLabel(user.activationStatus, translate)}</Fact>
        <Fact label={<Trans>Language</Trans>}>{user.langKey}</Fact>
        <Fact label={<Trans>Roles</Trans>}>
          <Flex gap="1" wrap="wrap">
            {user.authorities.map((role) => (
              <Badge key={role} variant="soft">
                {roleLabel(role, translate)}
              </Badge>
            ))}
          </Flex>
        </Fact>
        <Fact label={<Trans>Customer</Trans>}>{user.customer?.name}</Fact>
        <Fact label={<Trans>Fulfillment</Trans>}>{user.fulfillment?.name}</Fact>
        <Fact label={<Trans>Created by</Trans>}>{user.createdBy}</Fact>
        <Fact label={<Trans>Created</Trans>}>{formatTimestamp(user.createdDate)}</Fact>
        <Fact label={<Trans>Modified by</Trans>}>{user.lastModifiedBy}</Fact>
        <Fact label={<Trans>Modified</Trans>}>{formatTimestamp(user.lastModifiedDate)}</Fact>
      </Facts>
    </DetailView>
  );
}
