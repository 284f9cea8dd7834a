#!/usr/bin/env python3
# Writes Tests/Fixtures/conformance/movies.json: other projects' movies and streams with the facts their own tests
# assert (each with its citation), byte counts and SHA-256 taken from local snapshots of the repositories
# (/work/.mirror/<Owner>+<name>/repo, fetched with the session's fetch tool). Python 3 standard library; run by hand
# when the list changes: python3 movie_conformance_manifest.py > ../conformance/movies.json
import hashlib, json, subprocess
M="/work/.mirror"
sources=[
 {"id":"mp4parse-rust","repository":"mozilla/mp4parse-rust","commit":"8a49a07","license":"MPL-2.0","licensePath":"LICENSE",
  "note":"Mozilla's MP4 parser (Firefox); mp4parse/tests holds small movies its public tests read."},
 {"id":"dovi_tool","repository":"quietvoid/dovi_tool","commit":"d4734e5f59bd609a540de672dca5ea65bedbf76a","license":"MIT","licensePath":"LICENSE",
  "note":"Dolby Vision RPU tool; assets/ holds HEVC and AV1 streams, Matroska movies and RPU files its tests read."},
 {"id":"hdr10plus_tool","repository":"quietvoid/hdr10plus_tool","commit":"82cb01b","license":"MIT","licensePath":"LICENSE",
  "note":"HDR10+ metadata tool; assets/ holds HEVC streams and Matroska movies its tests read."},
]
def full(repo, c):
    return subprocess.run(["git","-C",f"{M}/{repo.replace('/','+')}/repo","rev-parse",c],capture_output=True,text=True).stdout.strip()
for s in sources: s["commit"]=full(s["repository"],s["commit"])
def blob(repo, commit, path):
    return subprocess.run(["git","-C",f"{M}/{repo.replace('/','+')}/repo","show",f"{commit}:{path}"],capture_output=True,check=True).stdout
files=[]
def add(sid, up, verdict, facts, description, name=None):
    s=next(x for x in sources if x["id"]==sid)
    data=blob(s["repository"],s["commit"],up)
    name=name or up.split("/")[-1]
    files.append({"path":f"{sid}/{name}","source":sid,"upstreamPath":up,"byteCount":len(data),
      "sha256":hashlib.sha256(data).hexdigest(),"description":description,"verdict":verdict,"facts":facts})
def cite(path,line,quote,source=None):
    c={"path":path,"line":line,"quote":quote}
    if source: c["source"]=source
    return c
pub="mp4parse/tests/public.rs"
add("mp4parse-rust","mp4parse/tests/video_colr_nclx_two_colr.mp4","warning",[
  {"fact":"transfer","expected":18,"citation":cite(pub,936,"assert_video_nclx_colour_info(mp4::read_mp4(input, strictness), 18);")},
  {"fact":"codec","expected":"H.264","citation":cite(pub,245,"An h264 video sample entry with two nclx colr boxes")}],
  "8-bit H.264 with two colr nclx boxes, HLG (18) then a BT.2020 (14) fallback; the first wins (video.hdr-8-bit: BT.2100 has 10 and 12 bits only)")
add("mp4parse-rust","mp4parse/tests/video_colr_nclx_and_icc.mp4","error",[
  {"fact":"transfer","expected":18,"citation":cite(pub,956,"assert_video_nclx_colour_info(mp4::read_mp4(input, strictness), 18);")}],
  "the second colr patched from nclx to rICC: a 7-byte 'ICC profile' (icc.unparseable: an ICC-first reader finds no profile)")
add("mp4parse-rust","mp4parse/tests/h264_white_frame_sar_16_9.mp4","clean",[
  {"fact":"size","expected":{"width":640,"height":480},"citation":cite(pub,1585,"assert_eq!(v.width, 640);")},
  {"fact":"pixelAspectRatio","expected":16.0/9.0,"tolerance":1e-9,"citation":cite(pub,1590,"16.0 / 9.0,")}],
  "H.264 with a 16:9 pixel aspect ratio, untagged (the tags.untagged note)")
add("mp4parse-rust","mp4parse/tests/tiny_av1.mp4","clean",[
  {"fact":"codec","expected":"AV1","citation":cite(pub,856,"assert_eq!(v.codec_type, mp4::CodecType::AV1);")},
  {"fact":"size","expected":{"width":64,"height":64},"citation":cite(pub,857,"assert_eq!(v.width, 64);")},
  {"fact":"bitDepth","expected":8,"citation":cite(pub,866,"assert_eq!(av1c.bit_depth, 8);")}],
  "an 8-bit AV1 frame in MP4 without colour (the tags.untagged note)")
add("dovi_tool","assets/hevc_tests/regular.mkv","clean",[
  {"fact":"dolbyVisionProfile","expected":8,"citation":cite("tests/rpu/info.rs",76,".and(predicate::str::contains(\"  Profile: 8\"))","regular_rpu.bin, which tests/hevc/extract_rpu.rs:122 extracts from this file")},
  {"fact":"codec","expected":"HEVC","citation":cite("tests/hevc/extract_rpu.rs",122,"let input_file = Path::new(\"assets/hevc_tests/regular.mkv\");")}],
  "Dolby Vision 8.1 HEVC in Matroska (BlockAdditionMapping dvvC), PQ HDR10 base")
add("hdr10plus_tool","assets/hevc_tests/regular.mkv","clean",[
  {"fact":"hdr10plus","expected":True,"citation":cite("tests/hevc/extract.rs",2018,"let expected_json = Path::new(\"assets/hevc_tests/regular_metadata.json\");","259 SceneInfo entries of HDR10+ metadata extracted from this file")},
  {"fact":"codec","expected":"HEVC","citation":cite("tests/hevc/extract.rs",2014,"let input_file = Path::new(\"assets/hevc_tests/regular.mkv\");")}],
  "HDR10 + HDR10+ HEVC in Matroska")
info="tests/rpu/info.rs"
add("dovi_tool","assets/hevc_tests/regular_rpu.bin","clean",[
  {"fact":"rpuCount","expected":259,"citation":cite(info,75,".and(predicate::str::contains(\"  Frames: 259\"))")},
  {"fact":"rpuProfile","expected":8,"citation":cite(info,76,".and(predicate::str::contains(\"  Profile: 8\"))")},
  {"fact":"rpuDMVersion","expected":"2 (CM v4.0)","citation":cite(info,77,".and(predicate::str::contains(\"  DM version: 2 (CM v4.0)\"))")},
  {"fact":"rpuShots","expected":3,"citation":cite(info,78,".and(predicate::str::contains(\"  Scene/shot count: 3\"))")},
  {"fact":"rpuMasteringDisplay","expected":{"min":0.0001,"max":1000},"citation":cite(info,79,".and(predicate::str::contains(\"  RPU mastering display: 0.0001/1000 nits\"))")},
  {"fact":"rpuL1","expected":{"maxCLL":632.88,"maxFALL":10.05},"tolerance":0.005,"citation":cite(info,80,".and(predicate::str::contains(\"  RPU content light level (L1): MaxCLL: 632.88 nits, MaxFALL: 10.05 nits\"))")},
  {"fact":"rpuL6","expected":{"min":0.0001,"max":1000,"maxCLL":3948,"maxFALL":120},"citation":cite(info,81,".and(predicate::str::contains(\"  L6 metadata: Mastering display: 0.0001/1000 nits. MaxCLL: 3948 nits, MaxFALL: 120 nits\"))")},
  {"fact":"rpuL2Trims","expected":[100,600,1000],"citation":cite(info,82,".and(predicate::str::contains(\"  L2 trims: 100 nits, 600 nits, 1000 nits\"))")},
  {"fact":"rpuCRCFailures","expected":0,"citation":cite("dolby_vision/src/rpu/dovi_rpu.rs",140,"if received_crc32 != dovi_rpu.rpu_data_crc32 {","info --summary (tests/rpu/info.rs:74) parses every RPU, which fails on a CRC mismatch")}],
  "259 profile 8 RPUs as dovi_tool writes them (start code, RPU payload without the 7C 01 NAL header)")
add("dovi_tool","assets/hevc_tests/regular_rpu_mel.bin","clean",[
  {"fact":"rpuCount","expected":259,"citation":cite(info,33,".and(predicate::str::contains(\"  Frames: 259\"))")},
  {"fact":"rpuProfile","expected":7,"citation":cite(info,34,".and(predicate::str::contains(\"  Profile: 7 (MEL)\"))")},
  {"fact":"rpuEnhancementLayer","expected":"MEL","citation":cite(info,34,".and(predicate::str::contains(\"  Profile: 7 (MEL)\"))")},
  {"fact":"rpuDMVersion","expected":"2 (CM v4.0)","citation":cite(info,35,".and(predicate::str::contains(\"  DM version: 2 (CM v4.0)\"))")},
  {"fact":"rpuShots","expected":3,"citation":cite(info,36,".and(predicate::str::contains(\"  Scene/shot count: 3\")),")}],
  "259 profile 7 MEL RPUs")
add("dovi_tool","assets/tests/fel_orig.bin","clean",[
  {"fact":"rpuCount","expected":1,"citation":cite(info,52,".and(predicate::str::contains(\"  Frames: 1\"))")},
  {"fact":"rpuProfile","expected":7,"citation":cite(info,53,".and(predicate::str::contains(\"  Profile: 7 (FEL)\"))")},
  {"fact":"rpuEnhancementLayer","expected":"FEL","citation":cite(info,53,".and(predicate::str::contains(\"  Profile: 7 (FEL)\"))")},
  {"fact":"rpuDMVersion","expected":"1 (CM v2.9)","citation":cite(info,54,".and(predicate::str::contains(\"  DM version: 1 (CM v2.9)\"))")},
  {"fact":"rpuShots","expected":0,"citation":cite(info,55,".and(predicate::str::contains(\"  Scene/shot count: 0\"))")},
  {"fact":"rpuMasteringDisplay","expected":{"min":0.0001,"max":1000},"citation":cite(info,56,".and(predicate::str::contains(\"  RPU mastering display: 0.0001/1000 nits\"))")},
  {"fact":"rpuL1","expected":{"maxCLL":630.04,"maxFALL":5.83},"tolerance":0.005,"citation":cite(info,57,".and(predicate::str::contains(\"  RPU content light level (L1): MaxCLL: 630.04 nits, MaxFALL: 5.83 nits\"))")},
  {"fact":"rpuL6","expected":{"min":0.0001,"max":1000,"maxCLL":1712,"maxFALL":175},"citation":cite(info,58,".and(predicate::str::contains(\"  L6 metadata: Mastering display: 0.0001/1000 nits. MaxCLL: 1712 nits, MaxFALL: 175 nits\"))")},
  {"fact":"rpuL2Trims","expected":[100],"citation":cite(info,59,".and(predicate::str::contains(\"  L2 trims: 100 nits\"))")}],
  "one profile 7 FEL RPU")
add("dovi_tool","assets/tests/profile5.bin","clean",[
  {"fact":"rpuProfile","expected":5,"citation":cite("src/tests/rpu.rs",74,"assert_eq!(dovi_rpu.dovi_profile, 5);")}],
  "one profile 5 RPU (full-range IPTPQc2 base layer)")
rpu="src/tests/rpu.rs"
add("dovi_tool","assets/tests/profile4.bin","clean",[
  {"fact":"rpuProfile","expected":4,"citation":cite(rpu,63,"assert_eq!(dovi_rpu.dovi_profile, 4);")}],
  "one profile 4 RPU (residual enhancement layer, 10-bit VDR)")
add("dovi_tool","assets/tests/profile8.bin","clean",[
  {"fact":"rpuProfile","expected":8,"citation":cite(rpu,85,"assert_eq!(dovi_rpu.dovi_profile, 8);")}],
  "one profile 8 RPU")
add("dovi_tool","assets/tests/mel_rpu.bin","clean",[
  {"fact":"rpuProfile","expected":7,"citation":cite(rpu,109,"assert_eq!(dovi_rpu.dovi_profile, 7);")},
  {"fact":"rpuEnhancementLayer","expected":"MEL","citation":cite(rpu,110,"assert_eq!(dovi_rpu.el_type.as_ref().unwrap(), &DoviELType::MEL);")}],
  "one profile 7 MEL RPU")
add("dovi_tool","assets/tests/p8_001_end_crc32.bin","clean",[
  {"fact":"rpuCount","expected":3,"citation":cite(rpu,272,"assert_eq!(rpus.len(), 3);")},
  {"fact":"rpuCRCFailures","expected":0,"citation":cite(rpu,272,"assert_eq!(rpus.len(), 3);","the first RPU's CRC is D8 00 00 01, a 3-byte start code inside the RPU")}],
  "three profile 8 RPUs, the first ending in a CRC that holds 00 00 01 (only 4-byte start codes split an RPU file)")
add("dovi_tool","assets/tests/st2094_10_level3.bin","error",[
  {"fact":"rpuMalformed","expected":1,"citation":cite(info,98,"predicate::str::contains(\"CM v2.9: Disallowed block level 3\"),")}],
  "an RPU with a level 3 block among its CM v2.9 blocks, which dovi_tool rejects")
add("dovi_tool","assets/hevc_tests/regular.hevc","warning",[
  {"fact":"rpuCount","expected":259,"citation":cite("tests/hevc/extract_rpu.rs",47,".assert(predicate::path::eq_file(expected_rpu));","the 259 RPUs of regular_rpu.bin (tests/rpu/info.rs:75) are extracted from this stream")},
  {"fact":"codec","expected":"HEVC","citation":cite("tests/hevc/extract_rpu.rs",31,"let input_file = Path::new(\"assets/hevc_tests/regular.hevc\");")}],
  "a raw HEVC stream (Annex B) with a Dolby Vision profile 8 RPU per frame, PQ HDR10 base; its RPUs' level 6 says MaxCLL 3948, MaxFALL 120 while SEI 144 says 1000, 400 (video.dolby-vision-l6-mismatch)")
h10p="tests/hevc/extract.rs"
add("hdr10plus_tool","assets/hevc_tests/regular.hevc","clean",[
  {"fact":"hdr10plus","expected":True,"citation":cite(h10p,2002,"let expected_json = Path::new(\"assets/hevc_tests/regular_metadata.json\");","259 SceneInfo entries extracted from this stream")},
  {"fact":"frames","expected":259,"citation":cite(h10p,2002,"let expected_json = Path::new(\"assets/hevc_tests/regular_metadata.json\");","regular_metadata.json holds one SceneInfo entry per frame, 259")}],
  "a raw HEVC stream (Annex B) with HDR10+ SEI per frame")
# HDR10+ values: hdr10plus_tool's extract tests assert the first frame's fields, the scenes and whole JSON documents.
rj="let expected_json = Path::new(\"assets/hevc_tests/regular_metadata.json\");"
files[-1]["facts"]+=[
  {"fact":"hdr10plusJSON","expected":"hdr10plus_tool/regular_metadata.json","citation":cite(h10p,2002,rj,"the extracted JSON equals this file (eq_file), tool version aside")},
  {"fact":"hdr10plusScenes","expected":{"firstFrames":[0,3,6],"lengths":[3,3,253],"profile":"A"},"citation":cite(h10p,2002,rj,"regular_metadata.json's SceneInfoSummary and JSONInfo")}]
files[-1]["verdict"]="warning"
files[-1]["description"]+="; its HDR10+ MaxSCL (up to 2057.9 cd/m²) exceeds its SEI MaxCLL of 1000: video.hdr10plus-maxscl-above-maxcll"
# The Matroska files, read frame by frame (every block's RPU and HDR10+ message): the same figures as the streams
# their tools' tests extract from them.
mkv=next(f for f in files if f["path"]=="hdr10plus_tool/regular.mkv")
mkv["facts"].append({"fact":"hdr10plusFrames","expected":{"frames":259,"scenes":3},"citation":cite(h10p,2018,"let expected_json = Path::new(\"assets/hevc_tests/regular_metadata.json\");","the JSON extracted from this file: 259 SceneInfo entries in 3 scenes (SceneInfoSummary first frames 0, 3, 6)")})
dv=next(f for f in files if f["path"]=="dovi_tool/regular.mkv")
why="regular_rpu.bin, which tests/hevc/extract_rpu.rs:122 extracts from this file"
dv["facts"]+=[
  {"fact":"rpuCount","expected":259,"citation":cite(info,75,".and(predicate::str::contains(\"  Frames: 259\"))",why)},
  {"fact":"rpuShots","expected":3,"citation":cite(info,78,".and(predicate::str::contains(\"  Scene/shot count: 3\"))",why)},
  {"fact":"rpuL1","expected":{"maxCLL":632.88,"maxFALL":10.05},"tolerance":0.005,"citation":cite(info,80,".and(predicate::str::contains(\"  RPU content light level (L1): MaxCLL: 632.88 nits, MaxFALL: 10.05 nits\"))",why)},
  {"fact":"rpuL6","expected":{"min":0.0001,"max":1000,"maxCLL":3948,"maxFALL":120},"citation":cite(info,81,".and(predicate::str::contains(\"  L6 metadata: Mastering display: 0.0001/1000 nits. MaxCLL: 3948 nits, MaxFALL: 120 nits\"))",why)},
  {"fact":"rpuL2Trims","expected":[100,600,1000],"citation":cite(info,82,".and(predicate::str::contains(\"  L2 trims: 100 nits, 600 nits, 1000 nits\"))",why)},
  {"fact":"rpuCRCFailures","expected":0,"citation":cite("dolby_vision/src/rpu/dovi_rpu.rs",140,"if received_crc32 != dovi_rpu.rpu_data_crc32 {",why)}]
dv["verdict"]="warning"
dv["description"]+="; read frame by frame, its RPUs' level 6 (MaxCLL 3948, MaxFALL 120) disagrees with SEI 144 (1000, 400): video.dolby-vision-l6-mismatch"
mkv["verdict"]="warning"
mkv["description"]+="; the first frame's HDR10+ MaxSCL (1783 cd/m²) exceeds MaxCLL 1000: video.hdr10plus-maxscl-above-maxcll"
add("hdr10plus_tool","assets/hevc_tests/regular_metadata.json",None,[],
  "hdr10plus_tool's JSON export of regular.hevc and regular.mkv (data for the hdr10plusJSON fact, not a movie)")
add("hdr10plus_tool","assets/hevc_tests/dhdr10-opt.hevc","clean",[
  {"fact":"hdr10plusJSON","expected":"hdr10plus_tool/metadata-dhdr10-opt.json","citation":cite(h10p,1935,"let expected_json = Path::new(\"assets/hevc_tests/metadata-dhdr10-opt.json\");","x265 --dhdr10-opt writes HDR10+ only where it changes: gaps filled from the previous frame in decoding order")}],
  "raw HEVC from x265 --dhdr10-opt: HDR10+ SEI only on frames whose metadata changes (12 of 30 frames), B-frames")
add("hdr10plus_tool","assets/hevc_tests/metadata-dhdr10-opt.json",None,[],
  "hdr10plus_tool's JSON export of dhdr10-opt.hevc (data for the hdr10plusJSON fact, not a movie)")
first01={"profile":"B","targeted":400,"averageMaxRGB":1037,"maxSCL":[17830,16895,14252],
  "distributionIndex":[1,5,10,25,50,75,90,95,99],"distributionValues":[3,14024,43,56,219,1036,2714,4668,14445],
  "kneePoint":[17,64],"anchors":[265,666,741,800,848,887,920,945,957]}
add("hdr10plus_tool","assets/metadata/ToS-s01.h265","warning",[
  {"fact":"hdr10plusFirst","expected":first01,"citation":cite(h10p,93,"assert_eq!(metadata.maxscl, [17830, 16895, 14252]);","sample01 asserts every one of these fields (lines 89-111)")}],
  "Tears of Steel with x265's HDR10+ verification metadata, profile B (PQ without MaxCLL: video.hdr-metadata-missing)")
for name,line in (("ToS-s61.h265",1817),("ToS-s62.h265",1851)):
  add("hdr10plus_tool","assets/metadata/"+name,"warning",[
    {"fact":"hdr10plusScenes","expected":{"firstFrames":[0,3,6],"lengths":[3,3,3],"profile":"B" if name=="ToS-s61.h265" else "A"},"citation":cite(h10p,line,"assert_eq!(first_frames, vec![0, 3, 6]);","scene lengths [3, 3, 3] on the next line; profile asserted above")}],
    "nine frames in three scenes of HDR10+ metadata, profile "+("B" if name=="ToS-s61.h265" else "A")+"; MaxSCL 2058 cd/m² above MaxCLL 1000: video.hdr10plus-maxscl-above-maxcll")
add("hdr10plus_tool","assets/hevc_tests/multimsg-sei.hevc","warning",[
  {"fact":"hdr10plusFirst","expected":{"profile":"B","targeted":400,"averageMaxRGB":263,"maxSCL":[7768,6589,6912],
    "distributionIndex":[1,5,10,25,50,75,90,95,99],"distributionValues":[0,6080,92,1,4,107,726,1784,5843],
    "kneePoint":[164,240],"anchors":[143,298,447,592,731,864,891,917,938]},
   "citation":cite(h10p,1908,"assert_eq!(metadata.maxscl, [7768, 6589, 6912]);","multimsg_sei_metadata asserts every one of these fields")}],
  "an SEI NAL unit of several messages, HDR10+ among them (4K, one frame); MaxCLL above the mastering peak: hdr.clli-above-mastering-peak")
# dovi_tool's AV1 RPUs: one ITU-T T.35 message each (provider codes and the EMDF container, no country code), whose
# RPU equals the HEVC one in the -ref.bin file beside it (start code, escaped RPU) and which dovi_tool writes back
# byte for byte.
av1="src/tests/av1_rpu.rs"
for name,ref,profile,lines in (("p84-01.bin","p84-01-ref.bin",8,(60,63,58)),("p5-01.bin","p5-01-ref.bin",5,(38,41,36)),
                               ("fel_orig.bin",None,7,(82,85,80))):
  reference="dovi_tool/av1-rpu/"+ref if ref else "dovi_tool/fel_orig.bin"
  add("dovi_tool","assets/av1-rpu/"+name,"clean",[
    {"fact":"rpuCount","expected":1,"citation":cite(av1,lines[0]-2,"let rewritten_payload = dovi_rpu.write_av1_rpu_metadata_obu_t35_payload()?;","one RPU per file, parsed whole")},
    {"fact":"rpuProfile","expected":profile,"citation":cite(av1,lines[0],f"assert_eq!(dovi_rpu.dovi_profile, {profile});")},
    {"fact":"rpuCRCFailures","expected":0,"citation":cite("dolby_vision/src/rpu/dovi_rpu.rs",140,"if received_crc32 != dovi_rpu.rpu_data_crc32 {","parse_itu_t35_dovi_metadata_obu parses the unwrapped RPU, which fails on a CRC mismatch")},
    {"fact":"rpuAV1Reference","expected":reference,"citation":cite(av1,lines[1],"assert_eq!(&ref_data[4..], &parsed_data[2..]);",f"and the payload written back equals the file (line {lines[2]})")}],
    "one Dolby Vision profile "+{8:"8.4",5:"5",7:"7 FEL"}[profile]+" RPU as an AV1 ITU-T T.35 message (provider codes, EMDF container; no country code)",
    name="av1-rpu/"+name)
  if ref:
    add("dovi_tool","assets/av1-rpu/"+ref,"clean",[
      {"fact":"rpuProfile","expected":profile,"citation":cite(av1,lines[0],f"assert_eq!(dovi_rpu.dovi_profile, {profile});","the HEVC form of av1-rpu/"+name)}],
      "the HEVC RPU (start code, escaped payload) of av1-rpu/"+name, name="av1-rpu/"+ref)
print(json.dumps({"schema":1,"sources":sources,"files":files},indent=2,ensure_ascii=False))
