/** Every status a batch can have (proto Batch.status), in the order of its life, for table tests. */
export const batchStatuses = [
  "CREATED",
  "SENDING",
  "SENT",
  "CANCELLING",
  "CANCELLED",
  "RESENDING",
  "RESENDING_CHANGE",
  "RESENDING_ERROR",
  "DELETING",
  "CREATING_MANIFEST",
  "MANIFEST_CREATED",
  "ERROR_SEND",
  "ERROR_MANIFEST",
  "DELETED",
];
