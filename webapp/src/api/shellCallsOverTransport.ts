import { toJson } from "@bufbuild/protobuf";
import { createClient, type Transport } from "@connectrpc/connect";
import { ApplicationProfileSchema, ManagementService } from "../gen/portal/v1/management_pb";
import type { ShellCalls, ShellProfile } from "./shellData";

/**
 * The shell's calls through a Connect transport (the tests' in-memory one),
 * handing back the profile in the JSON form the browser's plain calls read.
 */
export function shellCallsOverTransport(transport: Transport): ShellCalls {
  const client = createClient(ManagementService, transport);
  return {
    getInfo: async (signal) => {
      const { profile } = await client.getInfo({}, { signal });
      return profile ? (toJson(ApplicationProfileSchema, profile) as ShellProfile) : null;
    },
    getVersion: async (signal) => (await client.getVersion({}, { signal })).version,
  };
}
