import { Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import logo from "../assets/logo.svg";
import { isTrackingOnly, useSession } from "../auth/session";

/**
 * The product's mark (spec 1 §2): it leads signed-in users to their
 * dashboard; visitors and tracking-only users, who have no dashboard, to the
 * start page, which knows where they belong.
 */
export function Brand() {
  const session = useSession();
  const target = session && !isTrackingOnly(session) ? "/dashboard" : "/";
  return (
    <Link to={target} className="brand" aria-label="Parcel Portal">
      <Flex align="center" gap="2">
        <img src={logo} alt="" width={28} height={28} />
        <Text weight="bold" size="4" className="brand-name">
          Parcel Portal
        </Text>
      </Flex>
    </Link>
  );
}
