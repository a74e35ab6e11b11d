import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { geoNaturalEarth1, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import atlas from "world-atlas/countries-110m.json";
import { countryName } from "../../shipping/countries";
import { countryPoints } from "./countryPoints";
import { markerRadius } from "./dashboardModel";

const width = 800;
const height = 400;

type Topology = Parameters<typeof feature>[0];
const topology = atlas as unknown as Topology;
const land = feature(topology, topology.objects.countries);
const projection = geoNaturalEarth1().fitSize([width, height], land);
const shapes = ("features" in land ? land.features : [land]).map((country, index) => ({
  key: String(country.id ?? index),
  d: geoPath(projection)(country) ?? "",
}));

export type MapCount = { isoCountry: string; parcelCount: number };

/**
 * The offline world map (spec 3 §2): the countries from world-atlas' 1:110m
 * geometry bundled with the portal (no tile server), and a marker per
 * destination country sized 0 to 10 by its count relative to the largest.
 */
export function WorldMap({ counts }: { counts: readonly MapCount[] }) {
  const { i18n, t } = useLingui();
  const maxCount = counts.reduce((max, c) => Math.max(max, c.parcelCount), 0);
  const markers = counts.flatMap((c) => {
    const point = countryPoints[c.isoCountry];
    const at = point ? projection([point[0], point[1]]) : null;
    return at ? [{ ...c, x: at[0], y: at[1], r: Math.max(markerRadius(c.parcelCount, maxCount), 2) }] : [];
  });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={t`Parcels per destination country`} width="100%">
      <g aria-hidden="true">
        {shapes.map((shape) => (
          <path key={shape.key} d={shape.d} fill="var(--gray-4)" stroke="var(--gray-7)" strokeWidth={0.5} />
        ))}
      </g>
      {markers.map((m) => {
        const label = t`${countryName(m.isoCountry, i18n.locale)}: ${plural(m.parcelCount, { one: "# parcel", other: "# parcels" })}`;
        return (
          <circle
            key={m.isoCountry}
            role="img"
            aria-label={label}
            data-country={m.isoCountry}
            cx={m.x}
            cy={m.y}
            r={m.r}
            fill="var(--accent-9)"
            fillOpacity={0.7}
            stroke="var(--accent-11)"
          >
            <title>{label}</title>
          </circle>
        );
      })}
    </svg>
  );
}
