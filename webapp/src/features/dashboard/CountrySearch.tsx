import { Trans, useLingui } from "@lingui/react/macro";
import { FailureCallout } from "../../errors/FailureCallout";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { type CountrySearch as Search, useParcelsInCountry } from "../../api/dashboard";
import { MultiSelect } from "../../components/MultiSelect";
import { DateInput } from "../../components/form/DateInput";
import { describeFormFailure } from "../../errors/formFailure";
import { formatNumber } from "../../i18n/format";
import { countryCodes, countryName } from "../../shipping/countries";
import { rangeInOrder } from "./dashboardModel";

/** The country search (spec 3 §2, §7): how many parcels went to the chosen countries between two days. */
export function CountrySearch({ customerId }: { customerId: bigint }) {
  const { i18n } = useLingui();
  const [countries, setCountries] = useState<string[]>([]);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState<"countries" | "range" | null>(null);
  const [search, setSearch] = useState<Search | null>(null);
  const countriesId = useId();
  const result = useParcelsInCountry(search);
  const failure = result.isError ? describeFormFailure(result.error) : null;
  const byName = [...countryCodes].sort((a, b) =>
    countryName(a, i18n.locale).localeCompare(countryName(b, i18n.locale), i18n.locale),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (countries.length === 0) return setProblem("countries");
    if (!rangeInOrder(from, to)) return setProblem("range");
    setProblem(null);
    setSearch({ customerId, countries: [...countries], from, to });
  };
  return (
    <Card>
      <form onSubmit={submit}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="3">
            <Trans>Parcels by country</Trans>
          </Heading>
          <Flex gap="3" wrap="wrap" align="end">
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor={countriesId}>
                <Trans>Countries</Trans>
              </Text>
              <MultiSelect
                id={countriesId}
                options={byName}
                value={countries}
                onChange={setCountries}
                labelOf={(code) => countryName(code, i18n.locale)}
                aria-invalid={problem === "countries"}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium">
                <Trans>From</Trans>
                <DateInput value={from} onChange={setFrom} />
              </Text>
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium">
                <Trans>To</Trans>
                <DateInput value={to} aria-invalid={problem === "range"} onChange={setTo} />
              </Text>
            </Flex>
            <Button type="submit">
              <Trans>Count</Trans>
            </Button>
          </Flex>
          {problem === "countries" && (
            <Text color="red" size="2" role="alert">
              <Trans>Choose at least one country.</Trans>
            </Text>
          )}
          {problem === "range" && (
            <Text color="red" size="2" role="alert">
              <Trans>The end date must not be before the start date.</Trans>
            </Text>
          )}
          <FailureCallout failure={failure} />
          {search && result.data !== undefined && !failure && (
            <Text role="status">
              <Trans>Parcels found: {formatNumber(result.data, i18n.locale)}</Trans>
            </Text>
          )}
        </Flex>
      </form>
    </Card>
  );
}
