import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  SubmitParcelInquiryRequest_Insurance as Insurance,
  SubmitParcelInquiryRequest_Product as Product,
  SubmitParcelInquiryRequest_Reason as Reason,
} from "../../gen/portal/v1/inquiries_pb";

/*
 * What the inquiry form shows for the contract's products, insurance tiers
 * and reasons. Unspecified is what the server files as the default, so it
 * reads as the default; a value added to the proto without a name here
 * fails to compile (Record over the enum) and fails inquiryNames.test.ts.
 */

export const productNames: Record<Product, MessageDescriptor> = {
  [Product.PRODUCT_UNSPECIFIED]: msg`e-PAQ Standard`,
  [Product.EPAQ_STANDARD]: msg`e-PAQ Standard`,
  [Product.EPAQ_PLUS]: msg`e-PAQ Plus`,
  [Product.EPAQ_SELECT]: msg`e-PAQ Select`,
  [Product.EPAQ_ELITE]: msg`e-PAQ Elite`,
};

export const insuranceNames: Record<Insurance, MessageDescriptor> = {
  [Insurance.INSURANCE_UNSPECIFIED]: msg`No insurance`,
  [Insurance.NONE]: msg`No insurance`,
  [Insurance.EUR_45]: msg`45 EUR`,
  [Insurance.EUR_150]: msg`150 EUR`,
  [Insurance.EUR_500]: msg`500 EUR`,
};

export const reasonNames: Record<Reason, MessageDescriptor> = {
  [Reason.REASON_UNSPECIFIED]: msg`Item not delivered`,
  [Reason.ITEM_NOT_DELIVERED]: msg`Item not delivered`,
  [Reason.DISPUTED_DELIVERY]: msg`Disputed delivery`,
  [Reason.ITEM_DAMAGED]: msg`Item damaged`,
  [Reason.OTHERS]: msg`Others`,
};

/** The choices the form offers, in the contract's order, unspecified left out. */
export const products = [Product.EPAQ_STANDARD, Product.EPAQ_PLUS, Product.EPAQ_SELECT, Product.EPAQ_ELITE];
export const insurances = [Insurance.NONE, Insurance.EUR_45, Insurance.EUR_150, Insurance.EUR_500];
export const reasons = [Reason.ITEM_NOT_DELIVERED, Reason.DISPUTED_DELIVERY, Reason.ITEM_DAMAGED, Reason.OTHERS];
