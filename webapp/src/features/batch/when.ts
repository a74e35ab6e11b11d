import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import { formatDateTime } from "../../i18n/format";

/** DD.MM.YYYY HH:mm of a timestamp, empty when there is none. */
export function when(timestamp: Timestamp | undefined): string {
  return timestamp ? formatDateTime(timestampDate(timestamp)) : "";
}
