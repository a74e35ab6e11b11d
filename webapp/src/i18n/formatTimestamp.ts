import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import { formatDateTime } from "./format";

/**
 * DD.MM.YYYY HH:mm of an API timestamp in the browser's time zone; empty when
 * there is none. Apart from format.ts, which the shell uses: protobuf's
 * timestamp helpers stay off /login (issue 26).
 */
export function formatTimestamp(timestamp: Timestamp | undefined): string {
  return timestamp ? formatDateTime(timestampDate(timestamp)) : "";
}
