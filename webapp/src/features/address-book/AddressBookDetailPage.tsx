import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useAddressBookEntry } from "../../api/addressBook";
import { parseId } from "../../api/ids";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";
import { addressFieldLabel, addressFields } from "../../shipping/addressBook";
import { countryName } from "../../shipping/countries";

/**
 * /address-book/{id} (spec 2 §2.5): id, recipient number, name, contact,
 * street, number, the additional address lines, zip code, city, region,
 * country, e-mail, mobile and phone; Back and Edit. The country shows the
 * country's name with its code (the spec's screen showed the e-mail there).
 */
export function AddressBookDetailPage() {
  const { i18n, t } = useLingui();
  const id = parseId(useParams().id);
  const { data: entry } = useAddressBookEntry(id);
  return (
    <FormPage title={t`Address book entry ${entry?.name ?? ""}`}>
      {!entry ? (
        <PageLoading />
      ) : (
        <DetailView backTo="/address-book" editTo={`/address-book/${entry.id}/edit`}>
          <Facts>
            <Fact label={t`ID`}>{String(entry.id)}</Fact>
            {addressFields.map((field) => (
              <Fact key={field} label={addressFieldLabel(i18n, field)}>
                {field === "isoCountry"
                  ? entry.isoCountry && `${countryName(entry.isoCountry, i18n.locale)} (${entry.isoCountry})`
                  : entry[field]}
              </Fact>
            ))}
          </Facts>
        </DetailView>
      )}
    </FormPage>
  );
}
