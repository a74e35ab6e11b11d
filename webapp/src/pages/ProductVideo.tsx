import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import videoPoster from "../assets/video-poster.svg";
import "./ProductVideo.css";

/**
 * Served by the portal next to the webapp; each operator places its own film
 * there. Nothing is fetched until the visitor asks to play it.
 */
const productVideo = "/media/product-video.mp4";

/** The product video of the public home: a poster first, the film on request. */
export function ProductVideo() {
  const { t } = useLingui();
  const [state, setState] = useState<"poster" | "playing" | "unavailable">("poster");
  if (state === "playing") {
    return (
      <video
        className="product-video"
        src={productVideo}
        poster={videoPoster}
        controls
        autoPlay
        aria-label={t`Product video`}
        onError={() => setState("unavailable")}
      />
    );
  }
  return (
    <Flex direction="column" gap="2" height="100%">
      <button
        type="button"
        className="product-video product-video-poster"
        aria-label={t`Play the product video`}
        disabled={state === "unavailable"}
        onClick={() => setState("playing")}
      >
        <img src={videoPoster} alt="" />
      </button>
      {state === "unavailable" && (
        <Text size="2" color="gray" role="status">
          <Trans>The product video cannot be played right now.</Trans>
        </Text>
      )}
    </Flex>
  );
}
