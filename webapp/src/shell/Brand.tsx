import { Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import logo from "../assets/logo.svg";

/** The product's mark; it leads back to the start page, which knows where each user belongs. */
export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="Parcel Portal">
      <Flex align="center" gap="2">
        <img src={logo} alt="" width={28} height={28} />
        <Text weight="bold" size="4" className="brand-name">
          Parcel Portal
        </Text>
      </Flex>
    </Link>
  );
}
