/** What showing a shipment's label needs of it. */
export type LabelledShipment = { success: boolean; cancelled: boolean };

/**
 * Whether the shipment holds a label the carrier has not cancelled: its
 * label may be shown, printed and tracked. What the shipment allows (delete,
 * cancel) the server sends with it (BatchShipment.deleteRefusal, cancellable).
 */
export function holdsLabel(shipment: LabelledShipment): boolean {
  return shipment.success && !shipment.cancelled;
}
