# Mapsmith game profile — PLACEHOLDER DEFAULT
#
# The blueprint format stores biome and town-tier *ordinals*; their names and
# meaning live in the generator's Enums.cs (Biome, TownTier), which is not part
# of the published spec.  This file is a stand-in so Mapsmith can show and
# range-check maps out of the box.  Replace it with a profile generated from the
# real enums and pass it with --profile FILE (CLI) or in Preferences (app).
#
# Form: one key per ordinal, counting from 0 with no gaps.  The number of keys
# is the "known count" a reader range-checks ordinals against.
#   [Biomes]      N=Name;#rrggbb[;water|;ocean]   (water: an Ocean/Lake biome;
#                 ocean: the sea, a water biome that stats count as ocean)
#   [TownTiers]   N=Name;#rrggbb
#   [PlantTypes]  N=Name;#rrggbb           (zone layers; values from the server)
#   [GroundTypes] N=Name;#rrggbb           (zone layers; values from the server)
# A profile that leaves out [PlantTypes] or [GroundTypes] keeps these defaults.

[Profile]
Name=Placeholder (not the real Enums.cs)

[Biomes]
0=Ocean;#1d4f7a;ocean
1=Lake;#3b82b8;water
2=Beach;#e8d8a0
3=Dirt;#9c7a54
4=Grassland;#8db360
5=Forest;#3f7a3a
6=Swamp;#5b6e45
7=Desert;#e0b872
8=Badlands;#c9733f
9=Rock;#8a8580
10=Snow;#f2f4f7
11=Crater;#5a4a44

[TownTiers]
0=Hamlet;#f5f0e6
1=Village;#ffd166
2=Town;#f08a4b
3=City;#d1495b

# Values from the public server code (ZONE_LAYERS_NOTES.md).
[PlantTypes]
0=NotDefined;#000000
1=GrassA;#9ccc65
2=GrassB;#7cb342
3=PineTree;#2e7d32
4=Rango;#8d6e63
5=BushA;#558b2f
6=BushB;#689f38
7=TreeIron;#90a4ae
8=TreeCopper;#d84315
9=Reed;#c0ca33
10=NanoWheat;#fdd835
11=RustBush;#bf360c
12=SlimeRoot;#00bfa5
13=Quag;#6d4c41
14=ElectroPlant;#29b6f6
15=TitanPlant;#7e57c2
16=Poffeteg;#ec407a
17=Bonsai;#43a047
18=Wall;#616161
19=Devrinol;#ab47bc

[GroundTypes]
0=Darkrocks;#3e3a39
1=LowlandA;#7fa05a
2=LowlandB;#6e8f4e
3=MidlandA;#8c8a56
4=MidlandB;#7a7048
5=HighlandA;#9a8f7e
6=HighlandB;#b0a898
7=Lightrocks;#c8c2b8
8=Sand;#e3d3a0
9=type1;#a0a0a0
10=type2;#a4a4a4
11=type3;#a8a8a8
12=type4;#acacac
13=type5;#b0b0b0
14=type6;#b4b4b4
15=type7;#b8b8b8
16=type8;#bcbcbc
17=type9;#c0c0c0
18=type10;#c4c4c4
19=type11;#c8c8c8
20=undefined;#ff00ff
