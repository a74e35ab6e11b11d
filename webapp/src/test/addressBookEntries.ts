/** An address-book entry the tests fill the parcel form with (spec 2 §2.3). */
export const heidi = {
  id: 7n,
  name: "Heidi Muster",
  street: "Bahnhofstrasse",
  no: "12",
  postalcode: "8001",
  city: "Zürich",
  isoCountry: "CH",
  phone: "044 123 45 67",
};
