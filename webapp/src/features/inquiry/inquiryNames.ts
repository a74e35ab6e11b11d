import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { InquiryInsurance, InquiryProduct, InquiryReason } from "../../gen/portal/v1/inquiries_pb";

/*
 * What the inquiry form shows for the contract's products, insurance tiers
 * and reasons. Unspecified is what the server files as the default, so it
 * reads as the default; a value added to the proto without a name here
 * fails to compile (Record over the enum) and fails inquiryNames.test.ts.
 */

export const productNames: Record<InquiryProduct, MessageDescriptor> = {
  [InquiryProduct.INQUIRY_PRODUCT_UNSPECIFIED]: msg`e-PAQ Standard`,
  [InquiryProduct.EPAQ_STANDARD]: msg`e-PAQ Standard`,
  [InquiryProduct.EPAQ_PLUS]: msg`e-PAQ Plus`,
  [InquiryProduct.EPAQ_SELECT]: msg`e-PAQ Select`,
  [InquiryProduct.EPAQ_ELITE]: msg`e-PAQ Elite`,
};

export const insuranceNames: Record<InquiryInsurance, MessageDescriptor> = {
  [InquiryInsurance.INQUIRY_INSURANCE_UNSPECIFIED]: msg`No insurance`,
  [InquiryInsurance.NONE]: msg`No insurance`,
  [InquiryInsurance.EUR_45]: msg`45 EUR`,
  [InquiryInsurance.EUR_150]: msg`150 EUR`,
  [InquiryInsurance.EUR_500]: msg`500 EUR`,
};

export const reasonNames: Record<InquiryReason, MessageDescriptor> = {
  [InquiryReason.INQUIRY_REASON_UNSPECIFIED]: msg`Item not delivered`,
  [InquiryReason.ITEM_NOT_DELIVERED]: msg`Item not delivered`,
  [InquiryReason.DISPUTED_DELIVERY]: msg`Disputed delivery`,
  [InquiryReason.ITEM_DAMAGED]: msg`Item damaged`,
  [InquiryReason.OTHERS]: msg`Others`,
};

/** The choices the form offers, in the contract's order, unspecified left out. */
export const products = [
  InquiryProduct.EPAQ_STANDARD,
  InquiryProduct.EPAQ_PLUS,
  InquiryProduct.EPAQ_SELECT,
  InquiryProduct.EPAQ_ELITE,
];
export const insurances = [
  InquiryInsurance.NONE,
  InquiryInsurance.EUR_45,
  InquiryInsurance.EUR_150,
  InquiryInsurance.EUR_500,
];
export const reasons = [
  InquiryReason.ITEM_NOT_DELIVERED,
  InquiryReason.DISPUTED_DELIVERY,
  InquiryReason.ITEM_DAMAGED,
  InquiryReason.OTHERS,
];
