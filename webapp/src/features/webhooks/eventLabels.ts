import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { WebhookDeliveryState_State, WebhookEvent_Type } from "../../gen/portal/v1/webhooks_pb";

/** The event types an endpoint may subscribe to, in the order the form shows them. */
export const subscribableEvents = [
  WebhookEvent_Type.BATCH_SENT,
  WebhookEvent_Type.BATCH_FAILED,
  WebhookEvent_Type.MANIFEST_CREATED,
  WebhookEvent_Type.LABEL_CANCELLED,
  WebhookEvent_Type.TRACKING_EVENT,
] as const;

export const eventLabels: Record<WebhookEvent_Type, MessageDescriptor> = {
  [WebhookEvent_Type.TYPE_UNSPECIFIED]: msg`Unknown`,
  [WebhookEvent_Type.BATCH_SENT]: msg`Batch sent`,
  [WebhookEvent_Type.BATCH_FAILED]: msg`Batch failed`,
  [WebhookEvent_Type.MANIFEST_CREATED]: msg`Manifest created`,
  [WebhookEvent_Type.LABEL_CANCELLED]: msg`Label cancelled`,
  [WebhookEvent_Type.TRACKING_EVENT]: msg`Tracking event`,
  [WebhookEvent_Type.WEBHOOK_TEST]: msg`Test event`,
};

export const stateLabels: Record<WebhookDeliveryState_State, MessageDescriptor> = {
  [WebhookDeliveryState_State.STATE_UNSPECIFIED]: msg`Unknown`,
  [WebhookDeliveryState_State.PENDING]: msg`Pending`,
  [WebhookDeliveryState_State.DELIVERED]: msg`Delivered`,
  [WebhookDeliveryState_State.FAILED]: msg`Failed`,
};
