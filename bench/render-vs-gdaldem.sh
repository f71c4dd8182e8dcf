#!/usr/bin/env bash
# Rendering an 8192² blueprint to a 2048² image: mapsmith-cli render (the full
# composite: averaged heights, hillshade, hypsometric ramp, water, RGB PNG)
# against gdaldem hillshade reading the very same bytes (a VRT over the HGTS
# section, averaged down to 2048² by GDAL on the fly) and writing a grey PNG
# (at GDAL's default zlib level 6, and at level 1 like Mapsmith) or an
# uncompressed GeoTIFF.  Both start from a warm page cache (a warm-up run).
#
#   bench/render-vs-gdaldem.sh [BUILDDIR] [SIZE]
#
# Needs gdal-bin and hyperfine (apt-get install gdal-bin hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
builddir=${1:-_build}
size=${2:-8192}
out=${BENCH_DIR:-$(mktemp -d)}
cli="$builddir/app/mapsmith-cli"

meson compile -C "$builddir" >/dev/null
map="$out/MapData_Seed_1.dat"
[ -f "$map" ] || "$cli" demo "$map" --size "$size" --seed 1

# HGTS: the second section; its payload follows PRMS's 12-byte header and
# payload, then its own header.  Walk the framing with od.
prms_len=$(od -An -t u8 -j 12 -N 8 "$map" | tr -d ' ')
hgts_payload=$(( 8 + 12 + prms_len + 12 ))
tag=$(dd if="$map" bs=1 skip=$(( hgts_payload - 12 )) count=4 2>/dev/null)
[ "$tag" = "HGTS" ] || { echo "HGTS is not the second section" >&2; exit 1; }
out_size=$(( size / 4 ))

# X-outer/Y-inner: GDAL's lines are our columns; for timing the transpose
# does not matter.
cat > "$out/heights.vrt" <<VRT
<VRTDataset rasterXSize="$out_size" rasterYSize="$out_size">
  <VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">
    <SourceFilename relativetoVRT="1">$(basename "$map")</SourceFilename>
    <ImageOffset>$hgts_payload</ImageOffset>
    <PixelOffset>4</PixelOffset>
    <LineOffset>$(( size * 4 ))</LineOffset>
    <ByteOrder>LSB</ByteOrder>
  </VRTRasterBand>
</VRTDataset>
VRT
# A VRTRawRasterBand cannot resample, so wrap it: full-size source, averaged
# into the smaller destination.
sed -i "s/rasterXSize=\"$out_size\" rasterYSize=\"$out_size\"/rasterXSize=\"$size\" rasterYSize=\"$size\"/" "$out/heights.vrt"
cat > "$out/heights-small.vrt" <<VRT
<VRTDataset rasterXSize="$out_size" rasterYSize="$out_size">
  <VRTRasterBand dataType="Float32" band="1">
    <ComplexSource resampling="average">
      <SourceFilename relativetoVRT="1">heights.vrt</SourceFilename>
      <SourceBand>1</SourceBand>
      <SrcRect xOff="0" yOff="0" xSize="$size" ySize="$size"/>
      <DstRect xOff="0" yOff="0" xSize="$out_size" ySize="$out_size"/>
    </ComplexSource>
  </VRTRasterBand>
</VRTDataset>
VRT

echo "map: $map ($(du -h "$map" | cut -f1)), output ${out_size}², $(nproc) cores"
hyperfine --warmup 1 --runs 5 --export-markdown "$out/result.md" \
  -n mapsmith "$cli render $map -o $out/mapsmith.png --layer composite --max-size $out_size" \
  -n mapsmith-hillshade "$cli render $map -o $out/mapsmith-hs.png --layer hillshade --max-size $out_size" \
  -n gdaldem "gdaldem hillshade -q -of PNG -z 251 -s 4 $out/heights-small.vrt $out/gdaldem.png" \
  -n gdaldem-zlevel1 "gdaldem hillshade -q -of PNG -co ZLEVEL=1 -z 251 -s 4 $out/heights-small.vrt $out/gdaldem3.png" \
  -n gdaldem-tif "gdaldem hillshade -q -z 251 -s 4 $out/heights-small.vrt $out/gdaldem.tif"
cat "$out/result.md"
